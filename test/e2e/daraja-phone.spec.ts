import {
  LOCAL_CONSUMER_KEY,
  LOCAL_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
} from "@jenga/daraja-local";
import { client } from "@jenga/daraja-local/testing";
import { expect, test } from "@playwright/test";
import { DARAJA_URL } from "../../playwright.config";

/**
 * The local Daraja stand-in's phone page (mpesa/local), which the site's server starts without
 * M-Pesa credentials: a developer sees a push's prompt, enters the PIN, and sees the receipt —
 * with and without JavaScript (each project uses a phone of its own: a phone with a pending push
 * is locked).
 */
const daraja = client({
  url: DARAJA_URL,
  consumerKey: LOCAL_CONSUMER_KEY,
  consumerSecret: LOCAL_CONSUMER_SECRET,
  shortcode: SANDBOX_SHORTCODE,
  passkey: SANDBOX_PASSKEY,
});

test("a prompt on the phone page is paid with Enter PIN and shows its receipt", async ({
  page,
}, info) => {
  const phone = info.project.name === "nojs" ? "254700000102" : "254700000101";
  const push = await daraja.push({
    PartyA: phone,
    PhoneNumber: phone,
    Amount: 1500,
    AccountReference: "JD-2026-0001",
    CallBackURL: "http://127.0.0.1:9/unreachable",
  });
  expect(push.status).toBe(200);
  await page.goto(`${DARAJA_URL}/phone`);
  const prompt = page.getByRole("listitem").filter({ hasText: phone });
  await expect(prompt).toContainText(
    "Pay KES 1,500 to 174379, account JD-2026-0001? Enter M-Pesa PIN",
  );
  await prompt.getByRole("button", { name: "Enter PIN" }).click();
  await expect(page).toHaveURL(`${DARAJA_URL}/phone`);
  const result = page.getByRole("listitem").filter({ hasText: `from ${phone}` });
  await expect(result).toContainText("The service request is processed successfully.");
  await expect(result).toContainText(/receipt [A-Z][A-L][1-9A-V][A-Z0-9]{7}/);
});

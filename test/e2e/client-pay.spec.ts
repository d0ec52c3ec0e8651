/**
 * A client pays an invoice with M-Pesa Express on a 360 px phone (issue 43, item 4): the
 * invoice's page (its PDF to download, the M-Pesa form with the balance), a mistyped phone kept
 * with its error, then the prompt sent, the waiting page, "Cancel" chosen on the local Daraja
 * stand-in's phone page, and the cancelled message — found by "Check again" without JavaScript,
 * by the page itself with it — with a way back to the invoice. Projects js and nojs.
 */
import { expect, test } from "@playwright/test";
import { createConfirmedUser } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { phone } from "./helpers/client-project";
import { jsOn } from "./helpers/js";
import { answerPrompt, issuedLogoInvoice, outcomeShown, runPhone } from "./helpers/payments";
import { openSignedIn } from "./helpers/session";

/** A client with an owner and an issued invoice of KES 5,000 + 16 % VAT = KES 5,800. */
async function clientWithInvoice(name: string) {
  const service = await serviceClient();
  const { data: organisation } = await service
    .from("organisations")
    .insert({ name })
    .select("id")
    .single();
  const id = organisation?.id as string;
  const owner = await createConfirmedUser({ fullName: "Wanjiku Kamau" });
  await service
    .from("organisation_members")
    .insert({ organisation_id: id, user_id: owner.id, role: "owner" });
  const issued = await issuedLogoInvoice(id);
  return { id, owner, ...issued };
}

test("a client pays an invoice by M-Pesa Express, cancels on the phone and sees it", async ({
  browser,
}) => {
  const client = await clientWithInvoice(`Jua Kali Works ${Date.now()}`);
  const page = await phone(browser);
  const invoicePath = `/organisations/${client.id}/invoices/${client.invoice}`;
  await openSignedIn(page, client.owner, `/organisations/${client.id}`);
  await page.getByRole("link", { name: "Invoices (1 to pay)" }).click();
  await page.getByRole("link", { name: client.number }).click();
  await expect(page).toHaveURL(invoicePath);
  await expect(page.getByRole("heading", { level: 1, name: client.number })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    `${invoicePath}/pdf`,
  );
  await expect(page.getByLabel("Amount (KES)")).toHaveValue("5800");

  const field = page.getByLabel("M-Pesa phone number");
  await field.fill("0722 OOO 333");
  await page.getByRole("button", { name: "Send the payment request" }).click();
  await expect(field).toHaveAccessibleDescription(
    /Enter a Kenyan mobile number, such as 0712 345 678\./,
  );
  await expect(field).toHaveValue("0722 OOO 333");
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();

  const number = runPhone();
  await field.fill(number.typed);
  await page.getByRole("button", { name: "Send the payment request" }).click();
  await expect(page).toHaveURL(new RegExp(`/organisations/${client.id}/payments/\\d+$`));
  await expect(
    page.getByRole("heading", { name: "Check your phone and enter your M-Pesa PIN" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Check again" })).toBeVisible();
  await expectAccessible(page);

  // The customer's phone: the stand-in's page shows the prompt; they choose Cancel.
  // The account is the invoice's number as the invoice prints it.
  await answerPrompt(
    page.context(),
    number.msisdn,
    "Cancel",
    `Pay KES 5,800 to 174379, account ${client.number}?`,
  );

  // The page checks by itself every few seconds (the check job resolves the push first).
  await outcomeShown(page, {
    outcome: "The payment was cancelled on the phone.",
    checkAgain: "Check again",
    js: jsOn(),
  });
  // Announced: the outcome is in the page's live region.
  await expect(
    page.getByRole("status").filter({ hasText: "The payment was cancelled on the phone." }),
  ).toContainText("You can try again.");
  await expect(page.getByRole("button", { name: "Check again" })).toHaveCount(0);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(new RegExp(`${invoicePath}(#pay-heading)?$`));
  await expect(page.getByLabel("Amount (KES)")).toHaveValue("5800");
  await page.context().close();
});

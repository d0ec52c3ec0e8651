import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { fieldError } from "./helpers/error-summary";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";

const uniqueEmail = () =>
  `contact-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

test.describe("contact page", () => {
  test("sends a message: stored, fields cleared, success message shown", async ({ page }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact | Jenga Digital");
    const email = uniqueEmail();
    await page.getByLabel("Name").fill("Otieno");
    await page.getByLabel("Email").fill(email);
    await page
      .getByLabel("Message", { exact: true })
      .fill("We need a logistics dashboard for our fleet.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent! We will get back to you shortly.")).toBeVisible();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    const { data } = await (await serviceClient())
      .from("contact_messages")
      .select("name, message, user_id")
      .eq("email", email);
    expect(data).toEqual([
      { name: "Otieno", message: "We need a logistics dashboard for our fleet.", user_id: null },
    ]);
  });

  test("shows server errors under the fields and keeps the typed values", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Otieno");
    await page.getByLabel("Email").fill("otieno@example");
    await page.getByLabel("Message", { exact: true }).fill("Short but valid for the browser.");
    await page.getByRole("button", { name: "Send Message" }).click();
    const email = page.getByLabel("Email");
    await expect(fieldError(page, "Please enter a valid email address")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveValue("otieno@example");
    await expect(page.getByLabel("Name")).toHaveValue("Otieno");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "Short but valid for the browser.",
    );
    await expectAccessible(page);
  });

  test("the button says 'Sending...' and is disabled while sending (JS)", async ({ page }) => {
    await page.goto("/contact");
    const button = page.getByRole("button", { name: "Send Message" });
    if (!jsOn()) {
      // Without JS the browser shows its own progress; the button is a plain submit.
      await expect(button).toHaveAttribute("type", "submit");
      return;
    }
    // The pending state is the hydrated app's: a click before hydration is the no-JS form's plain
    // submit (a busy machine once got there first, and the page simply navigated).
    await untilHydrated(button);
    // Hold the request until the pending state has been seen, then let it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/contact.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Name").fill("Slow");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Message", { exact: true }).fill("A message on a slow connection.");
    await button.click();
    const pending = page.getByRole("button", { name: "Sending..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page.getByText("Message sent! We will get back to you shortly.")).toBeVisible();
  });

  test("topics from the chat widget prefill the message", async ({ page }) => {
    await page.goto("/contact?topic=mobile-app");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(/mobile app/);
  });

  test("contact page passes axe", async ({ page }) => {
    await page.goto("/contact");
    await expectAccessible(page);
  });
});

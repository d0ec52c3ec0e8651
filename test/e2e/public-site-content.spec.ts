import { expect, test } from "@playwright/test";

/**
 * The chat widget offers every published service (the site's content, from the database): the
 * choice opens the contact form with that service chosen and a quote request written, with or
 * without JavaScript, in the page's language.
 */
test("the chat widget's service choice opens a quote request for that service", async ({
  page,
}) => {
  await page.goto("/sw/");
  const widget = page.getByTestId("chat-widget");
  await widget.locator("summary").click();
  const choice = widget.getByLabel("Uliza kuhusu huduma");
  await expect(choice.locator("option")).toHaveCount(8);
  await choice.selectOption("bulk-sms");
  await widget.getByRole("button", { name: "Uliza" }).click();
  await expect(page).toHaveURL("/sw/contact?service=bulk-sms");
  const form = page.getByRole("form", { name: "Fomu ya mawasiliano" });
  await expect(form.getByLabel("Huduma")).toHaveValue("bulk-sms");
  await expect(form.getByLabel("Ujumbe")).toHaveValue(/SMS kwa Wingi/);
});

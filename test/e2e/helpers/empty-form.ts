import { expect, type Page } from "@playwright/test";

/**
 * Opens the form at `path` (its heading shows), submits it empty and expects each of `messages`
 * next to its field: the server's validation, with or without JavaScript.
 */
export async function submitEmptyForm(
  page: Page,
  form: { path: string; heading: string; button: string; messages: readonly string[] },
) {
  await page.goto(form.path);
  await expect(page.getByRole("heading", { name: form.heading })).toBeVisible();
  await page.getByRole("button", { name: form.button }).click();
  for (const message of form.messages) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
}

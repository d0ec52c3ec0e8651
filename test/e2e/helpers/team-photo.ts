import type { Page } from "@playwright/test";

/** The team editor's chosen-image preview (admin-team-photo*.spec.ts). */
export const chosenImage = (page: Page) => page.getByTestId("chosen-image");
/** The "No image" choice (by its value: its label is in the admin's language). */
export const noImage = (page: Page) => page.locator("input[type=radio][name=photo][value='']");

export async function cropOf(page: Page) {
  return chosenImage(page)
    .locator("img")
    .evaluate((img) => {
      const style = getComputedStyle(img);
      return { fit: style.objectFit, position: style.objectPosition, radius: style.borderRadius };
    });
}

import { expect, type Page } from "@playwright/test";
import { fieldError } from "./error-summary";

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
    // Under its field (the error summary at the top repeats it).
    await expect(fieldError(page, message, { exact: true })).toBeVisible();
  }
}

/** The sign-up form submitted empty, as `submitEmptyForm` takes it, in English and in French. */
export const EMPTY_SIGNUP = {
  en: {
    path: "/signup",
    heading: "Create an Account",
    button: "Create Account",
    messages: [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Password is required",
      "You must agree to the terms and conditions",
    ],
  },
  fr: {
    path: "/fr/signup",
    heading: "Créer un compte",
    button: "Créer mon compte",
    messages: [
      "Le prénom est obligatoire",
      "Le nom est obligatoire",
      "L’adresse e-mail est obligatoire",
      "Le mot de passe est obligatoire",
      "Vous devez accepter les conditions d’utilisation",
    ],
  },
} as const;

/**
 * Account helpers for e2e specs (work with JavaScript on and off).
 *
 * - `uniqueEmail(label?)`: a fresh address per test (tests never share accounts).
 * - `createConfirmedUser({ fullName?, onboarded?, admin? })`: a confirmed user made with the
 *   service role (no browser steps); `onboarded` defaults to true so the onboarding wizard does
 *   not cover the page. Returns `{ id, email, password }`.
 * - `signIn(page, email, password, { redirectTo?, remember? })`: signs in through /login and
 *   waits until the browser has left the login page.
 * - `signOut(page)`: the account menu's Sign out (a POST), back on "/".
 * - `signUp(page, { firstName?, lastName?, email, password })`: fills and submits /signup.
 * - `signUpAndConfirm(page, {...})`: sign-up, then the mailbox link and its Continue button →
 *   signed in on /dashboard
 *   with the onboarding wizard open. Returns `{ email, password }`.
 * - `completeOnboarding(page, answers?)`: answers the 5 wizard steps and finishes.
 * - `signInUnconfirmed(page, user)`: a browser session for a user whose e-mail is not confirmed
 *   (password sign-in refuses them), for the verification banner.
 */

import { loadOrCreateSecret } from "@jenga/supabase-local/jwt";
import { expect, type Page } from "@playwright/test";
import { forgedSessionCookie } from "../../support/forged-session";
import { BACKEND_URL, DATA_DIR, E2E_PORT, serviceClient } from "./backend";
import { followMailLink } from "./mailbox";

export const DEFAULT_PASSWORD = "journey-password-1";

export const uniqueEmail = (label = "user") =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export async function createConfirmedUser(
  options: {
    fullName?: string;
    onboarded?: boolean;
    admin?: boolean;
    confirmed?: boolean;
    email?: string;
    avatarUrl?: string;
  } = {},
) {
  const email = options.email ?? uniqueEmail();
  const { data, error } = await (await serviceClient()).auth.admin.createUser({
    email,
    password: DEFAULT_PASSWORD,
    email_confirm: options.confirmed ?? true,
    user_metadata: {
      full_name: options.fullName ?? "Test User",
      onboarded: options.onboarded ?? true,
      ...(options.avatarUrl ? { avatar_url: options.avatarUrl } : {}),
    },
    app_metadata: options.admin ? { is_admin: true } : {},
  });
  if (error) throw new Error(`createConfirmedUser: ${error.message}`);
  return { id: data.user.id, email, password: DEFAULT_PASSWORD };
}

export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { redirectTo?: string; remember?: boolean } = {},
) {
  const query = options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : "";
  await page.goto(`/login${query}`);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export async function signOut(page: Page) {
  const menu = page.getByRole("navigation", { name: "Main" });
  await menu.locator("summary").filter({ hasText: "Account menu" }).click();
  await menu.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(menu.getByRole("link", { name: "Login" })).toBeVisible();
}

export async function signUp(
  page: Page,
  user: { firstName?: string; lastName?: string; email: string; password: string },
) {
  await page.goto("/signup");
  await page.getByLabel("First Name").fill(user.firstName ?? "Test");
  await page.getByLabel("Last Name").fill(user.lastName ?? "User");
  await page.getByLabel("Email Address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByLabel("I agree to the Terms of Service and Privacy Policy").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");
}

export async function signUpAndConfirm(
  page: Page,
  user: { firstName?: string; lastName?: string; email?: string; password?: string } = {},
) {
  const email = user.email ?? uniqueEmail("signup");
  const password = user.password ?? DEFAULT_PASSWORD;
  await signUp(page, { ...user, email, password });
  await followMailLink(page, email, "Jenga Digital: Confirm your signup");
  await expect(page).toHaveURL("/dashboard");
  return { email, password };
}

export async function completeOnboarding(
  page: Page,
  answers: { role?: string; services?: string[]; discover?: string; goals?: string } = {},
) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "About you" })).toBeVisible();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("heading", { name: "Role" })).toBeVisible();
  if (answers.role) await dialog.getByLabel(answers.role, { exact: true }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("heading", { name: "Services" })).toBeVisible();
  for (const service of answers.services ?? [])
    await dialog.getByLabel(service, { exact: true }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("heading", { name: "Discover" })).toBeVisible();
  if (answers.discover) await dialog.getByLabel(answers.discover, { exact: true }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("heading", { name: "Goals" })).toBeVisible();
  if (answers.goals)
    await dialog.getByLabel("What would you like to achieve with us?").fill(answers.goals);
  await dialog.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** Puts a verified-by-signature session for `user` in the browser (unconfirmed users). */
export async function signInUnconfirmed(page: Page, user: { id: string; email: string }) {
  const cookie = await forgedSessionCookie(loadOrCreateSecret(DATA_DIR), BACKEND_URL, user);
  await page
    .context()
    .addCookies([
      { ...cookie, url: `http://127.0.0.1:${E2E_PORT}`, httpOnly: true, sameSite: "Lax" },
    ]);
}

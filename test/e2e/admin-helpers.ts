import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { openSignedIn } from "./helpers/session";

/** The admin account the e2e server creates (playwright.config.ts). */
export const ADMIN = { email: "admin@example.com", password: "admin-password-123" };

export const uniqueTitle = (label: string) =>
  `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The e2e server's admin has not done the onboarding wizard, which would cover every page;
 * mark it done (idempotent, parallel-safe) so the admin screens are reachable.
 */
export async function ensureAdminOnboarded(): Promise<void> {
  const service = await serviceClient();
  const { data, error } = await service.auth.admin.listUsers({ perPage: 1000 });
  if (error) throw new Error(error.message);
  const admin = data.users.find((u) => u.email === ADMIN.email);
  if (!admin) throw new Error("the e2e admin account is missing");
  if (admin.user_metadata?.onboarded === true) return;
  const update = await service.auth.admin.updateUserById(admin.id, {
    user_metadata: { ...admin.user_metadata, onboarded: true },
  });
  if (update.error) throw new Error(update.error.message);
}

/**
 * Signed in as `user` on `redirectTo` — a real session from the backend's password grant put in
 * the browser's cookies (helpers/session.ts); the /login form is tested by the accounts specs.
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  redirectTo = "/admin/posts",
): Promise<void> {
  await openSignedIn(page, user, redirectTo);
}

/** A confirmed, onboarded user without admin rights (created with the service role). */
export async function createPlainUser(userMetadata: Record<string, unknown> = {}) {
  const email = `user-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = "user-password-123";
  const { error } = await (await serviceClient()).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Plain User", onboarded: true, ...userMetadata },
  });
  if (error) throw new Error(error.message);
  return { email, password };
}

/** The stored post with this title (service role: drafts included), or null. */
export async function storedPost(title: string) {
  const { data, error } = await (await serviceClient())
    .from("posts")
    .select("*")
    .eq("title", title)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as (Record<string, unknown> & { id: number; published: boolean }) | null;
}

/** The admin list's row for a post title. */
export function postRow(page: Page, title: string) {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
}

/**
 * `path` as the admin sees it on a 360 px phone: the admin navigation shows, nothing scrolls
 * sideways, and axe finds no violation.
 */
export async function expectAdminPageFitsPhone(page: Page, path: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN, path);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, path).toBeLessThanOrEqual(360);
  await expectAccessible(page);
}

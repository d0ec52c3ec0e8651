import { expect, test } from "@playwright/test";
import { createConfirmedUser, DEFAULT_PASSWORD, signIn, signOut } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { summaryItems } from "./helpers/error-summary";
import { jsOn } from "./helpers/js";
import { listMail } from "./helpers/mailbox";
import { openSignedIn } from "./helpers/session";

/**
 * What used to stop visitors and clients in a real browser (issue "dead ends"), with JavaScript
 * on (`js`) and off (`nojs`).
 */
test("signing in before confirming offers a new confirmation e-mail right there", async ({
  page,
}) => {
  const user = await createConfirmedUser({ confirmed: false });
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(summaryItems(page)).toHaveText(["Email not confirmed"]);
  const before = (await listMail()).filter((m) => m.to === user.email).length;
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "we have sent a new confirmation" }),
  ).toBeVisible();
  await expect
    .poll(async () => (await listMail()).filter((m) => m.to === user.email).length)
    .toBe(before + 1);
  await expectAccessible(page);
});

test("the onboarding survey never covers the reset flow, the legal pages or the admin area", async ({
  page,
}) => {
  const client = await createConfirmedUser({ onboarded: false, fullName: "New Client" });
  await openSignedIn(page, client, "/dashboard");
  const wizard = page.getByRole("dialog", { name: "About you" });
  await expect(wizard).toBeVisible();
  for (const [path, heading] of [
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
    ["/reset-password", "Choose a New Password"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  // Sign-out stays reachable from any page the wizard covers.
  await page.goto("/dashboard");
  await expect(wizard).toBeVisible();
  await page.goto("/terms");
  await signOut(page);

  const admin = await createConfirmedUser({ onboarded: false, admin: true });
  await openSignedIn(page, admin, "/admin/posts");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Posts" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a signed-in user changes the password on /profile (the current one required)", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await openSignedIn(page, user, "/profile");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current Password").fill("not-my-password");
  await form.getByLabel("New Password", { exact: true }).fill("a-brand-new-pass-1");
  await form.getByLabel("Confirm New Password").fill("a-brand-new-pass-1");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(summaryItems(page)).toHaveText(["Your current password is not correct."]);
  await form.getByLabel("Current Password").fill(DEFAULT_PASSWORD);
  await form.getByLabel("New Password", { exact: true }).fill("a-brand-new-pass-1");
  await form.getByLabel("Confirm New Password").fill("a-brand-new-pass-1");
  await form.getByRole("button", { name: "Change Password" }).click();
  const done = page.getByText("Your password has been updated.");
  await expect(done).toBeVisible();
  // Without JS the message sits in the page, never over the heading (with JS it is a toast).
  if (!jsOn()) {
    const heading = page.getByRole("heading", { level: 1, name: "My Profile" });
    expect(overlap(await heading.boundingBox(), await done.boundingBox())).toBe(false);
  }
  await signOut(page);
  await signIn(page, user.email, "a-brand-new-pass-1");
});

type Box = { x: number; y: number; width: number; height: number } | null;

function overlap(a: Box, b: Box): boolean {
  if (!a || !b) throw new Error("both elements must be on screen");
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("a broken avatar picture falls back to the initials", async ({ page }) => {
  const user = await createConfirmedUser({
    fullName: "Zawadi Achieng",
    avatarUrl: "https://127.0.0.1:9/none.png",
  });
  await openSignedIn(page, user, "/");
  const menu = page.getByRole("navigation", { name: "Main" }).locator("summary").filter({
    hasText: "Account menu",
  });
  await expect(menu.getByText("ZA", { exact: true })).toBeVisible();
  await expect(page.locator("img[src*='none.png']")).toHaveCount(0);
});

import { expect, test } from "@playwright/test";
import { createConfirmedUser, signInUnconfirmed } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { listMail } from "./helpers/mailbox";

const mailsTo = async (email: string) =>
  (await listMail()).filter((m) => m.to.toLowerCase() === email.toLowerCase()).length;

test("an unconfirmed user sees the banner, resends the e-mail and dismisses the banner", async ({
  page,
}) => {
  const user = await createConfirmedUser({ confirmed: false });
  await signInUnconfirmed(page, user);
  await page.goto("/dashboard");
  const banner = page.getByRole("complementary", { name: "Email verification" });
  await expect(banner.getByText("Verify your email to unlock all features.")).toBeVisible();
  await expectAccessible(page);

  const before = await mailsTo(user.email);
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText("Verification email sent")).toBeVisible();
  await expect.poll(() => mailsTo(user.email)).toBe(before + 1);
  await expect(page).toHaveURL("/dashboard");

  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Email verification" })).toHaveCount(0);
});

for (const [path, heading] of [
  ["/login", "Welcome Back"],
  ["/signup", "Create an Account"],
  ["/forgot-password", /password/i],
  ["/newsletter", "Subscribe to our newsletter"],
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
] as const) {
  test(`${path} passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    await expectAccessible(page);
  });
}

test("the sign-up terms point to the terms and privacy pages", async ({ page }) => {
  await page.goto("/signup");
  await expect(
    page.getByRole("main").getByRole("link", { name: "terms", exact: true }),
  ).toHaveAttribute("href", "/terms");
  await expect(
    page.getByRole("main").getByRole("link", { name: "privacy policy", exact: true }),
  ).toHaveAttribute("href", "/privacy");
  await page.goto("/terms");
  await expect(page.getByText("governed by the laws of Kenya")).toBeVisible();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }),
  ).toHaveAttribute("href", "/privacy");
});

test("sign-in and sign-up show no Google or GitHub button until they are configured", async ({
  page,
}) => {
  for (const path of ["/login", "/signup"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const provider of ["Google", "GitHub"]) {
      await expect(page.getByRole("button", { name: provider })).toHaveCount(0);
    }
    await expect(page.getByText("Or continue with")).toHaveCount(0);
  }
});

import { expect, test } from "@playwright/test";
import {
  completeOnboarding,
  createConfirmedUser,
  signIn,
  signOut,
  uniqueEmail,
} from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { EMPTY_SIGNUP, submitEmptyForm } from "./helpers/empty-form";
import { fieldError, summaryItems } from "./helpers/error-summary";
import { jsOn } from "./helpers/js";
import { followMailLink } from "./helpers/mailbox";
import { addSession } from "./helpers/session";

/**
 * The whole account journey of a new visitor, with JavaScript on (`js`) and off (`nojs`):
 * sign-up → mailbox link → confirm → onboarding (5 steps) → dashboard → profile → sign out →
 * sign in with redirectTo → forgot/reset password.
 */
test("a visitor signs up, confirms, onboards, edits the profile, signs out and back in, resets the password", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("journey");
  const password = "journey-password-1";
  const nav = page.getByRole("navigation", { name: "Main" });

  // Sign up: server-side validation first, then the real thing.
  await submitEmptyForm(page, EMPTY_SIGNUP.en);
  await page.getByLabel("First Name").fill("Amina");
  await page.getByLabel("Last Name").fill("Wanjiru");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByLabel("I agree to the Terms of Service and Privacy Policy").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Please check your email to confirm your account.")).toBeVisible();

  // Confirm from the mailbox: signed in, on the dashboard, onboarding wizard over it.
  await followMailLink(page, email, "Jenga Digital: Confirm your signup");
  await expect(page).toHaveURL("/dashboard");
  const dialog = page.getByRole("dialog", { name: "About you" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Step 1 of 5")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Amina Wanjiru");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Next" }).click();
  const wizard = page.getByRole("dialog");
  await expect(wizard.getByRole("heading", { name: "Role" })).toBeVisible();
  await expect(wizard.getByText("Step 2 of 5")).toBeVisible();
  // With JS the step changes in place and the focus moves to its title (a screen reader reads it).
  if (jsOn()) await expect(wizard.getByRole("heading", { name: "Role" })).toBeFocused();
  await wizard.getByLabel("Developer", { exact: true }).check();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("AI Chatbot Assistants").check();
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByRole("heading", { name: "Discover" })).toBeVisible();
  await wizard.getByRole("button", { name: "Back" }).click();
  await expect(wizard.getByRole("heading", { name: "Services" })).toBeVisible();
  if (jsOn()) await expect(wizard.getByRole("heading", { name: "Services" })).toBeFocused();
  await expect(wizard.getByLabel("AI Chatbot Assistants")).toBeChecked();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Referral").check();
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Step 5 of 5")).toBeVisible();
  await wizard.getByLabel("What would you like to achieve with us?").fill("Launch our online shop");
  await wizard.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("Onboarding complete!")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Dashboard: greeting (welcomed, not "welcomed back", on the account's first day), answers,
  // verification status.
  await expect(page.getByRole("heading", { name: "Welcome, Amina" })).toBeVisible();
  const answers = page.getByRole("region", { name: "Your onboarding answers" });
  for (const text of ["Developer", "AI Chatbot Assistants", "Referral", "Launch our online shop"]) {
    await expect(answers.getByText(text)).toBeVisible();
  }
  await expect(page.getByText("Email verified")).toBeVisible();
  await expectAccessible(page);

  // Profile from the account menu.
  await nav.locator("summary").filter({ hasText: "Account menu" }).click();
  await nav.getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByLabel("Avatar URL").fill("ftp://example.com/me.png");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(fieldError(page, "Avatar URL must start with http:// or https://")).toBeVisible();
  await page.getByLabel("Full Name").fill("Amina W. Otieno");
  await page.getByLabel("Avatar URL").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Amina W. Otieno");
  await expect(nav.getByText("AO", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Sign out, then a guarded page sends us to sign in and back.
  await signOut(page);
  await page.goto("/profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fprofile");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(summaryItems(page)).toHaveText(["Invalid login credentials"]);
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByLabel("Full Name")).toHaveValue("Amina W. Otieno");

  // Forgot password → mail → new password → signed in.
  await signOut(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();
  await followMailLink(page, email, "Jenga Digital: Reset your password");
  await expect(page).toHaveURL("/reset-password");
  await page.getByLabel("New Password").fill("brand-new-pass-2");
  await page.getByLabel("Confirm Password").fill("brand-new-pass-3");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(fieldError(page, "Passwords do not match")).toBeVisible();
  await page.getByLabel("New Password").fill("brand-new-pass-2");
  await page.getByLabel("Confirm Password").fill("brand-new-pass-2");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("Your password has been updated.")).toBeVisible();
  await signOut(page);
  await signIn(page, email, "brand-new-pass-2", { redirectTo: "/dashboard" });
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Amina" })).toBeVisible();
});

test("the onboarding helper finishes the wizard for a new account", async ({ page }) => {
  // Signing up through the browser is the journey above; here the account is made directly.
  const user = await createConfirmedUser({ fullName: "Juma Otieno", onboarded: false });
  await addSession(page, user);
  // The wizard covers every page, not only the dashboard.
  await page.goto("/services");
  await completeOnboarding(page, {
    role: "Student",
    // The agency's real services, Bulk SMS among them (a fixed list lacked it).
    services: ["Bulk SMS", "Graphic Design"],
    discover: "Event",
  });
  await expect(page).toHaveURL("/services");
  await page.goto("/dashboard");
  await expect(page.getByText("Bulk SMS, Graphic Design")).toBeVisible();
  // Named in the page's language.
  await page.goto("/sw/dashboard");
  await expect(page.getByText(/, Usanifu wa Michoro$/)).toBeVisible();
});

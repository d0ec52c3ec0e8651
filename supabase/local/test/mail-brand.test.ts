/**
 * Started by the site, the backend names the site in its auth mails as the site's settings do
 * (supabase/local/auth/emails.ts `brandOf`): the configured BRAND_NAME until an admin saves the
 * settings, then the saved name — at once, without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ brandName: "Configured Name", brandFromSettings: true });
});
afterAll(() => backend?.close());

async function signUpSubject(): Promise<string> {
  const email = uniqueEmail("brand");
  const { error } = await anonClient(backend).auth.signUp({ email, password: "correct-horse-1" });
  expect(error).toBeNull();
  return (await backend.mailbox.latestTo(email))?.subject ?? "";
}

describe("the site's name in auth mails", () => {
  it("is the configured one while the settings were never saved, then the saved one", async () => {
    expect(await signUpSubject()).toBe("Configured Name: Confirm your signup");
    const saved = await serviceClient(backend)
      .from("site_settings")
      .update({ brand_name: "Jenga Studio" })
      .eq("id", "site");
    expect(saved.error).toBeNull();
    expect(await signUpSubject()).toBe("Jenga Studio: Confirm your signup");
  });
});

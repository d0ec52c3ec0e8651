import { createKeys, loadOrCreateSecret } from "@jenga/supabase-local/jwt";
import { expect, type Page } from "@playwright/test";
import { createServerClient } from "@supabase/ssr";
import { BACKEND_URL, DATA_DIR, E2E_PORT } from "./backend";

/**
 * A real session for `email` (the backend's password grant, as /login asks for it) put in the
 * browser as the cookies @supabase/ssr writes for the site, without the /login page. For tests
 * whose subject is not signing in; the sign-in form itself is tested through the browser
 * (accounts-*.spec.ts, languages.spec.ts, limits.ratelimit.spec.ts).
 */
export async function addSession(page: Page, user: { email: string; password: string }) {
  const { anonKey } = await createKeys(loadOrCreateSecret(DATA_DIR));
  const written: { name: string; value: string }[] = [];
  const client = createServerClient(BACKEND_URL, anonKey, {
    cookies: {
      getAll: () => [],
      setAll: (cookies) => {
        for (const { name, value } of cookies) if (value) written.push({ name, value });
      },
    },
  });
  const { error } = await client.auth.signInWithPassword(user);
  if (error) throw new Error(`addSession(${user.email}): ${error.message}`);
  expect(written.length, "session cookies written").toBeGreaterThan(0);
  await page.context().addCookies(
    written.map(({ name, value }) => ({
      name,
      value,
      url: `http://127.0.0.1:${E2E_PORT}`,
      httpOnly: true,
      sameSite: "Lax" as const,
    })),
  );
}

/** Signed in as `user` (see addSession), on `path`. */
export async function openSignedIn(
  page: Page,
  user: { email: string; password: string },
  path: string,
) {
  await addSession(page, user);
  await page.goto(path);
  await expect(page).toHaveURL(path);
}

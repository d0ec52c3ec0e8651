import type { SupabaseClient } from "@supabase/supabase-js";
import { signInThroughForm } from "../../test/support/site.ts";

/** The administrator every bench server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = {
  email: "bench-admin@example.com",
  password: "bench-admin-password-42",
};
export const BENCH_ADMIN_ENV = {
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
};

/** A confirmed, onboarded client and the Cookie header of its session. */
export async function signedInClientCookie(
  siteUrl: string,
  service: SupabaseClient,
): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = "bench-password-42";
  const { error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Bench Client", onboarded: true },
  });
  if (error) throw new Error(error.message);
  return signInThroughForm(siteUrl, { email, password });
}

/** A leads inbox with `count` messages, as the agency's would hold after a few weeks. */
export async function seedMessages(service: SupabaseClient, count = 40): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Visitor ${i + 1}`,
    email: `visitor${i + 1}@example.com`,
    message: `Hello, we would like a quote for a new website for our shop, number ${i + 1}.`,
  }));
  const { error } = await service.from("contact_messages").insert(rows);
  if (error) throw new Error(error.message);
}

/** The sessions a bench asks signed-in pages with (the leads inbox seeded first). */
export interface BenchSessions {
  client: string;
  admin: string;
}

export async function benchSessions(site: {
  url: string;
  service: SupabaseClient;
}): Promise<BenchSessions> {
  await seedMessages(site.service);
  return {
    client: await signedInClientCookie(site.url, site.service),
    admin: await signInThroughForm(site.url, BENCH_ADMIN),
  };
}

/** The headers `path` is asked with: a client's session for /dashboard, the admin's for /admin. */
export function benchHeaders(path: string, sessions: BenchSessions): Record<string, string> {
  if (path.startsWith("/dashboard")) return { Cookie: sessions.client };
  if (path.startsWith("/admin")) return { Cookie: sessions.admin };
  return {};
}

/**
 * A throw-away embedded backend with the app pointed at it, service-role access, users and
 * signed-in sessions — the one fixture layer of the integration tests.
 */

import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { contentChanged } from "~/entry.server";
import type { ContentChange } from "~/infra/content-events";
import { getSupabase } from "~/web/session.server";
import { CONTENT_CHANNEL, contentChangeOfTable } from "../../server/embedded-backend.ts";
import { forgedSessionCookie } from "./forged-session";
import { cookieHeaderFrom, routeArgs } from "./route-args";

export type { TestBackend };

/**
 * A fresh embedded backend configured as the server configures it (its per-client limits read
 * the visitor's address from X-Forwarded-For, which the app's client sends); the app's server
 * client is pointed at it.
 */
export async function startAppBackend(): Promise<TestBackend> {
  const backend = await startTestBackend({
    rateLimitHeader: "X-Forwarded-For",
    // As the site hears the database's announcements (server/embedded-backend.ts): a test's
    // direct write reaches the app's in-memory content and blog as an admin's would.
    notifyChannels: [CONTENT_CHANNEL],
    onNotify: (_channel, table) => {
      // contentChangeOfTable only names the kinds and site parts the app knows.
      const change = contentChangeOfTable(table) as ContentChange | undefined;
      if (change) contentChanged(change);
    },
  });
  process.env.SUPABASE_URL = backend.url;
  process.env.SUPABASE_ANON_KEY = backend.anonKey;
  // The site's own mails (e.g. "someone tried to sign up") go to the same local mailbox.
  process.env.SUPABASE_SERVICE_ROLE_KEY = backend.serviceRoleKey;
  process.env.LOCAL_MAILBOX_URL = `${backend.mailboxUrl}/messages.json`;
  return backend;
}

/**
 * Registers the file's hooks: an MSW server (unhandled requests pass through to the real
 * backend, handlers reset after each test) and a fresh backend handed to `onReady`.
 */
export function withBackend(onReady: (backend: TestBackend) => unknown | Promise<unknown>) {
  const mock = setupServer();
  let backend: TestBackend | undefined;
  beforeAll(async () => {
    mock.listen({ onUnhandledFrame: "bypass" });
    backend = await startAppBackend();
    await onReady(backend);
  });
  afterEach(() => mock.resetHandlers());
  afterAll(async () => {
    mock.close();
    await backend?.close();
  });
  return mock;
}

/**
 * Registers the file's hooks for a fresh backend and the seeded administrator's session cookie;
 * both are read from the returned object once `beforeAll` has run.
 */
export function backendWithAdmin(): { readonly backend: TestBackend; readonly admin: string } {
  const state = {} as { backend: TestBackend; admin: string };
  beforeAll(async () => {
    state.backend = await startAppBackend();
    state.admin = await signInCookie(state.backend.admin.email, state.backend.admin.password);
  });
  afterAll(() => state.backend?.close());
  return state;
}

export const uniqueEmail = (label = "user") =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

export function serviceClient(backend: Pick<TestBackend, "url" | "serviceRoleKey">) {
  return createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

export const PASSWORD = "correct-horse-42";

/** A user created with the service role (confirmed and onboarded unless told otherwise). */
export async function createUser(
  backend: TestBackend,
  options: {
    confirmed?: boolean;
    metadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
  } = {},
) {
  const email = uniqueEmail();
  const { data, error } = await serviceClient(backend).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: options.confirmed ?? true,
    user_metadata: options.metadata ?? { full_name: "Amina Wanjiru", onboarded: true },
    app_metadata: options.appMetadata,
  });
  if (error) throw new Error(`createUser failed: ${error.message}`);
  return { id: data.user.id, email, password: PASSWORD };
}

/** A supabase-js client signed in as `user` with a password (what a browser's API calls get). */
export async function signedInClient(
  backend: Pick<TestBackend, "url" | "anonKey">,
  user: { email: string; password: string },
) {
  const client = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword(user);
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

/** The id of the test backend's admin account. */
export async function adminUserId(backend: TestBackend): Promise<string> {
  const { data, error } = await serviceClient(backend).auth.admin.listUsers();
  if (error) throw new Error(error.message);
  const id = data.users.find((u) => u.email === backend.admin.email)?.id;
  if (!id) throw new Error("the test backend has no admin account");
  return id;
}

/** The user's record as the backend holds it. */
export async function storedUser(backend: TestBackend, id: string) {
  const { data, error } = await serviceClient(backend).auth.admin.getUserById(id);
  if (error) throw new Error(error.message);
  return data.user;
}

/** Signs in through the app's server client; returns the Cookie header of that session. */
export async function signInCookie(email: string, password = PASSWORD): Promise<string> {
  const { args, setCookies } = routeArgs("/login");
  const { error } = await getSupabase(args.context).auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return cookieHeaderFrom(setCookies);
}

/**
 * A session cookie for a user whose e-mail is not confirmed (the banner's audience: the embedded
 * backend, like hosted Supabase, refuses them a password sign-in).
 */
export async function unconfirmedSessionCookie(
  backend: TestBackend,
  user: { id: string; email: string },
) {
  const { name, value } = await forgedSessionCookie(backend.jwtSecret, backend.url, user);
  return `${name}=${value}`;
}

/**
 * The token link of the newest mail to `email` with `subject` (when given), waiting for it: some
 * mails leave after the answer (password resets), so the test polls instead of sleeping.
 */
export async function mailLink(
  backend: TestBackend,
  email: string,
  {
    subject,
    after = 0,
    timeoutMs = 5000,
  }: { subject?: string; after?: number; timeoutMs?: number } = {},
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await backend.mailbox.list()).find(
      (m) =>
        m.to.toLowerCase() === email.toLowerCase() &&
        (!subject || m.subject === subject) &&
        m.id > after,
    );
    const link = mail?.links[0];
    if (link) return new URL(link);
    if (Date.now() > deadline)
      throw new Error(`no mail to ${email}${subject ? ` (${subject})` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

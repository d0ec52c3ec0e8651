/**
 * Shared set-up of the accounts integration tests (on top of helpers/answers.ts): the backend
 * and MSW lifecycle, users, per-request client addresses, form answers and cookies.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import {
  asDataOf,
  serviceClient,
  signInAs,
  startAppBackend,
  type TestBackend,
  uniqueEmail,
} from "./helpers/answers";
import { formPost, routeArgs } from "./helpers/route-args";

export {
  asResponse,
  serviceClient,
  settle,
  type TestBackend,
  toastOf,
  uniqueEmail,
} from "./helpers/answers";

/**
 * Registers the file's hooks: an MSW server (unhandled requests pass through to the real
 * backend, handlers reset after each test) and a fresh backend handed to `onReady`.
 */
export function withAccountsBackend(onReady: (backend: TestBackend) => unknown | Promise<unknown>) {
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

/** A different client address per call, so the per-IP rate limits stay out of the way. */
export function freshIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/** routeArgs for a form POST from its own client address (or `ip`). */
export function postArgs(
  path: string,
  fields: Record<string, string | string[]>,
  options: { cookie?: string; ip?: string } = {},
) {
  const init = formPost(fields);
  return routeArgs(path, {
    ...init,
    cookie: options.cookie,
    headers: {
      ...(init.headers as Record<string, string>),
      "x-client-ip": options.ip ?? freshIp(),
    },
  });
}

export const PASSWORD = "correct-horse-42";

/** A user created with the service role (confirmed and onboarded unless told otherwise). */
export async function createUser(
  backend: TestBackend,
  options: { confirmed?: boolean; metadata?: Record<string, unknown> } = {},
) {
  const email = uniqueEmail();
  const { data, error } = await serviceClient(backend).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: options.confirmed ?? true,
    user_metadata: options.metadata ?? { full_name: "Amina Wanjiru", onboarded: true },
  });
  if (error) throw new Error(`createUser failed: ${error.message}`);
  return { id: data.user.id, email, password: PASSWORD };
}

/** The user's record as the backend holds it. */
export async function storedUser(backend: TestBackend, id: string) {
  const { data, error } = await serviceClient(backend).auth.admin.getUserById(id);
  if (error) throw new Error(error.message);
  return data.user;
}

export interface FormAnswer {
  result?: {
    initialValue?: Record<string, unknown> | null;
    error?: Record<string, string[] | null> | null;
  };
  formError?: string | null;
  notice?: string;
  toast?: { type: string; title: string };
}

/** `data(payload, init)` of an accounts action. */
export function asData(value: unknown): { data: FormAnswer; status: number } {
  return asDataOf<FormAnswer>(value);
}

/** Signs in through the app's server client; the Cookie header of that session. */
export function signInCookie(email: string, password = PASSWORD): Promise<string> {
  return signInAs(email, password);
}

/** Cookie header combining an existing one with the cookies a response set. */
export function withCookies(cookie: string, response: Response | Headers): string {
  const set = response instanceof Response ? response.headers : response;
  const next = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((p) => [p.split("=")[0], p] as const),
  );
  for (const c of set.getSetCookie()) {
    const pair = c.split(";")[0] ?? "";
    const name = pair.split("=")[0] ?? "";
    if (pair.endsWith("=") || /Max-Age=0/i.test(c)) next.delete(name);
    else next.set(name, pair);
  }
  return [...next.values()].join("; ");
}

/** The token link of the newest mail to `email`. */
export async function mailLink(backend: TestBackend, email: string): Promise<URL> {
  const mail = await backend.mailbox.latestTo(email);
  const link = mail?.links[0];
  if (!link) throw new Error(`no mail to ${email}`);
  return new URL(link);
}

/**
 * A session cookie for a user whose e-mail is not confirmed (the banner's audience: the embedded
 * backend, like hosted Supabase, refuses them a password sign-in). The access token is signed
 * with the backend's JWT secret, so getUser() verifies it and reports the unconfirmed user.
 */
export async function unconfirmedSessionCookie(
  backend: TestBackend,
  user: { id: string; email: string },
) {
  const { SignJWT } = await import("jose");
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({
    sub: user.id,
    role: "authenticated",
    aud: "authenticated",
    email: user.email,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(backend.jwtSecret));
  const session = {
    access_token: accessToken,
    refresh_token: "unused",
    token_type: "bearer",
    expires_in: 3600,
    expires_at: now + 3600,
    user: { id: user.id, email: user.email },
  };
  const name = `sb-${new URL(backend.url).hostname.split(".")[0]}-auth-token`;
  return `${name}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
}

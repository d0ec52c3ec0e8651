/**
 * Shared set-up of the admin integration tests: a fresh embedded backend, the app pointed at it,
 * signed-in sessions (as Cookie headers) for the seeded admin and for ordinary users, and a way
 * to read what a loader/action answered (thrown or returned).
 */
import { createClient } from "@supabase/supabase-js";
import { supabaseContext } from "~/context";
import { getToast } from "~/lib/toast.server";
import { startTestBackend, type TestBackend } from "../../supabase/local/testing.ts";
import { cookieHeaderFrom, routeArgs } from "./helpers/route-args";

export async function startAdminBackend(): Promise<TestBackend> {
  const backend = await startTestBackend();
  process.env.SUPABASE_URL = backend.url;
  process.env.SUPABASE_ANON_KEY = backend.anonKey;
  return backend;
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

/** Signs in through the app's server client; returns the Cookie header of that session. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const { args, setCookies } = routeArgs("/login");
  const { error } = await args.context
    .get(supabaseContext)
    .auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return cookieHeaderFrom(setCookies);
}

export function serviceClient(backend: Pick<TestBackend, "url" | "serviceRoleKey">) {
  return createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** A confirmed ordinary user (created with the service role). */
export async function createUser(
  backend: TestBackend,
  options: { userMetadata?: Record<string, unknown>; appMetadata?: Record<string, unknown> } = {},
) {
  const email = uniqueEmail("user");
  const password = "user-password-123";
  const { data, error } = await serviceClient(backend).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: options.userMetadata,
    app_metadata: options.appMetadata,
  });
  if (error) throw new Error(`createUser failed: ${error.message}`);
  return { id: data.user.id, email, password };
}

/** What a loader/action produced: a Response (redirect), `data()` or a plain value. */
export async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

export function asResponse(value: unknown): Response {
  if (!(value instanceof Response))
    throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  return value;
}

/** `data(payload, init)` as the router produces it. */
export function asData<T = Record<string, unknown>>(value: unknown): { data: T; status: number } {
  const v = value as { type?: string; data?: T; init?: { status?: number } | null };
  if (v?.type !== "DataWithResponseInit") throw new Error(`expected data(), got ${String(value)}`);
  return { data: v.data as T, status: v.init?.status ?? 200 };
}

/** The flash toast a redirect carries. */
export async function toastOf(response: Response) {
  const cookie = cookieHeaderFrom(response.headers.getSetCookie());
  const { toast } = await getToast(
    new Request("http://localhost/", { headers: { Cookie: cookie } }),
  );
  return toast;
}

/** routeArgs for `/admin/posts/:id` (params typed as that route expects). */
export function postRouteArgs(
  path: string,
  id: number | string,
  init: Omit<Parameters<typeof routeArgs>[1] & object, "params"> = {},
) {
  const { args, setCookies } = routeArgs(path, { ...init, params: { id: String(id) } });
  return { args: args as typeof args & { params: { id: string } }, setCookies };
}

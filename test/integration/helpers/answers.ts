/**
 * What the integration tests of every area share: a fresh embedded backend with the app pointed
 * at it, service-role access, signed-in Cookie headers, and readers for what a loader or action
 * answered (returned or thrown: a redirect Response or `data()`).
 */
import { createClient } from "@supabase/supabase-js";
import { supabaseContext } from "~/context";
import { getToast } from "~/lib/toast.server";
import { startTestBackend, type TestBackend } from "../../../supabase/local/testing.ts";
import { cookieHeaderFrom, routeArgs } from "./route-args";

export type { TestBackend };

/** A fresh embedded backend; the app's server client is pointed at it. */
export async function startAppBackend(): Promise<TestBackend> {
  const backend = await startTestBackend();
  process.env.SUPABASE_URL = backend.url;
  process.env.SUPABASE_ANON_KEY = backend.anonKey;
  return backend;
}

export const uniqueEmail = (label = "user") =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

export function serviceClient(backend: Pick<TestBackend, "url" | "serviceRoleKey">) {
  return createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** Signs in through the app's server client; returns the Cookie header of that session. */
export async function signInAs(email: string, password: string): Promise<string> {
  const { args, setCookies } = routeArgs("/login");
  const { error } = await args.context
    .get(supabaseContext)
    .auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return cookieHeaderFrom(setCookies);
}

/** Runs a loader/action and returns what it returned or threw. */
export async function settle(run: () => unknown): Promise<unknown> {
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
export function asDataOf<T>(value: unknown): { data: T; status: number } {
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

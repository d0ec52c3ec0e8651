import { RouterContextProvider } from "react-router";
import { supabaseContext } from "~/context";
import { createSupabaseServerClient } from "~/lib/supabase.server";

/**
 * Arguments for calling a loader or action directly, the way React Router would: a real Request,
 * `url`, `pattern`, `params`, and a context holding the request's Supabase server client (so it
 * talks to whatever SUPABASE_URL points at — the test backend).
 * `headers` collects the Set-Cookie headers Supabase wrote (the root middleware's job at runtime).
 */
export function routeArgs(
  path: string,
  init: RequestInit & { params?: Record<string, string>; cookie?: string } = {},
) {
  const { params = {}, cookie, ...requestInit } = init;
  const headers = new Headers(requestInit.headers);
  if (cookie) headers.set("Cookie", cookie);
  headers.set("x-client-ip", headers.get("x-client-ip") ?? "203.0.113.7");
  const request = new Request(new URL(path, "http://localhost:3000"), { ...requestInit, headers });
  const { supabase, headers: setCookies } = createSupabaseServerClient(request);
  const context = new RouterContextProvider();
  context.set(supabaseContext, supabase);
  return {
    args: { request, url: new URL(request.url), pattern: path, params, context },
    setCookies,
  };
}

/** A url-encoded form POST body. */
export function formPost(fields: Record<string, string | string[]>): RequestInit {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

/** Cookie header value made from Set-Cookie headers (to carry a session into the next call). */
export function cookieHeaderFrom(setCookies: Headers | string[]): string {
  const list = Array.isArray(setCookies) ? setCookies : setCookies.getSetCookie();
  return list
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

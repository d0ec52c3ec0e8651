import { RouterContextProvider } from "react-router";
import { supabaseContext } from "~/context";
import { type ContentChange, contentEventsContext } from "~/infra/content-events";
import { requestSupabase } from "~/infra/supabase.server";

/**
 * Arguments for calling a loader or action directly, the way React Router would: a real Request,
 * `url`, `pattern`, `params`, and a context holding the request's Supabase server client (so it
 * talks to whatever SUPABASE_URL points at — the test backend) and a content-events recorder.
 * `setCookies` collects the Set-Cookie headers Supabase wrote (the root middleware's job).
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
  const supabase = requestSupabase(request);
  const setCookies = supabase.headers;
  const context = new RouterContextProvider();
  context.set(supabaseContext, supabase);
  const contentChanges: ContentChange[] = [];
  context.set(contentEventsContext, { announce: (change) => contentChanges.push(change) });
  return {
    args: { request, url: new URL(request.url), pattern: path, params, context },
    setCookies,
    /** Content changes the loader/action announced (what empties the page cache). */
    contentChanges,
  };
}

/** routeArgs' arguments with the path parameters typed as the route declares them. */
export function argsWithParams<P extends Record<string, string>>(
  path: string,
  params: P,
  init: Omit<NonNullable<Parameters<typeof routeArgs>[1]>, "params"> = {},
) {
  const { args } = routeArgs(path, { ...init, params });
  return args as typeof args & { params: P };
}

/** A url-encoded form POST body. */
export function formPost(fields: Record<string, string | string[]>): RequestInit {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
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
  options: { cookie?: string; ip?: string; params?: Record<string, string> } = {},
) {
  const init = formPost(fields);
  return routeArgs(path, {
    ...init,
    cookie: options.cookie,
    params: options.params,
    headers: {
      ...(init.headers as Record<string, string>),
      "x-client-ip": options.ip ?? freshIp(),
    },
  });
}

/** Cookie header value made from Set-Cookie headers (to carry a session into the next call). */
export function cookieHeaderFrom(setCookies: Headers | string[]): string {
  const list = Array.isArray(setCookies) ? setCookies : setCookies.getSetCookie();
  return list
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
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

/** routeArgs for `/admin/posts/:id` (params typed as that route expects). */
export function postRouteArgs(
  path: string,
  id: number | string,
  init: Omit<Parameters<typeof routeArgs>[1] & object, "params"> = {},
) {
  const { args, ...rest } = routeArgs(path, { ...init, params: { id: String(id) } });
  return { args: args as typeof args & { params: { id: string } }, ...rest };
}

/** A multipart POST, as a browser sends a form with file inputs. */
export function multipartPost(
  fields: Record<string, string>,
  files: Record<string, File> = {},
): RequestInit {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) body.append(name, file);
  return { method: "POST", body };
}

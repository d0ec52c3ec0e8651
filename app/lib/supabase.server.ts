import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { fifoLimit } from "./fifo-limit";

/** Every Supabase call gives up after this long: a slow backend never hangs a page. */
export const SUPABASE_TIMEOUT_MS = Number(process.env.SUPABASE_TIMEOUT_MS || 5000);
/** Set at sign-in without "Remember me": the session cookies then end with the browser session. */
export const SESSION_ONLY_COOKIE = "sb-session-only";

export function supabaseEnv(): { url: string; anonKey: string } {
  const url = process.env.SUPABASE_URL;
  const anonKey = process.env.SUPABASE_ANON_KEY;
  if (!url || !anonKey) throw new Error("SUPABASE_URL and SUPABASE_ANON_KEY must be set");
  return { url, anonKey };
}

/** Calls to Supabase in flight at once; the rest queue in arrival order (fair under bursts). */
const inFlight = fifoLimit(Number(process.env.SUPABASE_MAX_CONCURRENCY || 16));

const timeoutFetch: typeof fetch = (input, init) =>
  inFlight(() => {
    const timeout = AbortSignal.timeout(SUPABASE_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  });

export function isSecureSite(): boolean {
  return (process.env.SITE_URL ?? "").startsWith("https://");
}

/**
 * The one factory for a request's Supabase client (DESIGN §3). Cookies are read from the
 * Request; cookies Supabase writes are collected in `headers` for the response. Session cookies
 * are HttpOnly (the browser never talks to Supabase) and SameSite=Lax.
 */
export function createSupabaseServerClient(request: Request): {
  supabase: SupabaseClient;
  headers: Headers;
} {
  const headers = new Headers();
  const cookies = parseCookieHeader(request.headers.get("Cookie") ?? "");
  const state = {
    sessionOnly: cookies.some((c) => c.name === SESSION_ONLY_COOKIE && c.value === "1"),
  };
  const { url, anonKey } = supabaseEnv();
  const supabase = createServerClient(url, anonKey, {
    global: { fetch: timeoutFetch },
    auth: { detectSessionInUrl: false },
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: isSecureSite(), path: "/" },
    cookies: {
      getAll: () => cookies.map((c) => ({ name: c.name, value: c.value ?? "" })),
      setAll(toSet, cacheHeaders) {
        for (const { name, value, options } of toSet) {
          const opts = { ...options };
          if (state.sessionOnly && value !== "") {
            delete opts.maxAge;
            delete opts.expires;
          }
          headers.append("Set-Cookie", serializeCookieHeader(name, value, opts));
        }
        for (const [name, value] of Object.entries(cacheHeaders ?? {})) headers.set(name, value);
      },
    },
  });
  sessionOnlyState.set(supabase, state);
  return { supabase, headers };
}

const sessionOnlyState = new WeakMap<SupabaseClient, { sessionOnly: boolean }>();

/**
 * Sign-in decides "Remember me" for the cookies it is about to write (the request's
 * `sb-session-only` cookie describes the previous session, not this one).
 */
export function setSessionOnly(supabase: SupabaseClient, sessionOnly: boolean): void {
  const state = sessionOnlyState.get(supabase);
  if (state) state.sessionOnly = sessionOnly;
}

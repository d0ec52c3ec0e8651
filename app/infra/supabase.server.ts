import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { COOKIES, hasSessionCookie } from "./cookie-names";
import type { Database } from "./database.types";
import { env, isSecureSite } from "./env.server";
import { fifoLimit } from "./fifo-limit";

/** The typed Supabase client of a request (rows and columns come from `Database`). */
export type AppSupabase = SupabaseClient<Database>;

export function supabaseEnv(): { url: string; anonKey: string } {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey } = env();
  if (!url || !anonKey) throw new Error("SUPABASE_URL and SUPABASE_ANON_KEY must be set");
  return { url, anonKey };
}

/** Calls to Supabase in flight at once; the rest queue in arrival order (fair under bursts). */
let inFlight: ReturnType<typeof fifoLimit> | undefined;

/** Every call gives up after SUPABASE_TIMEOUT_MS: a slow backend never hangs a page. */
const timeoutFetch: typeof fetch = (input, init) => {
  inFlight ??= fifoLimit(env().SUPABASE_MAX_CONCURRENCY);
  return inFlight(() => {
    const timeout = AbortSignal.timeout(env().SUPABASE_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  });
};

/** The visitor's address, passed on so the backend's per-IP limits see the visitor. */
function forwardingFetch(clientIp: string | null): typeof fetch {
  if (!clientIp) return timeoutFetch;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("X-Forwarded-For", clientIp);
    return timeoutFetch(input, { ...init, headers });
  };
}

/**
 * A request's Supabase client — the one factory (docs/architecture.md) — made the first time
 * something asks for it: an anonymous visitor's public pages never do (their content is held in
 * memory), and making one costs ~0.2 ms of CPU (bench/README.md). Cookies are read from the
 * Request; cookies Supabase writes are collected in `headers` for the response (HttpOnly: the
 * browser never talks to Supabase; SameSite=Lax). `hasSession` is false while nothing can have
 * given the request a session — no `sb-` cookie, no client made yet — and `auth.getUser()`
 * would answer "no session" without asking anyone.
 */
export interface RequestSupabase {
  client(): AppSupabase;
  /** The Set-Cookie (and cache) headers the client wrote, for the response. */
  readonly headers: Headers;
  readonly hasSession: boolean;
}

export function requestSupabase(request: Request): RequestSupabase {
  const headers = new Headers();
  const cookies = parseCookieHeader(request.headers.get("Cookie") ?? "");
  const sessionCookie = hasSessionCookie(request.headers.get("Cookie"));
  let made: AppSupabase | undefined;
  return {
    headers,
    // Once made, the client may have signed in during this request (an action, a link's code).
    get hasSession() {
      return sessionCookie || made !== undefined;
    },
    client: () => {
      made ??= serverClient(request, cookies, headers);
      return made;
    },
  };
}

function serverClient(
  request: Request,
  cookies: ReturnType<typeof parseCookieHeader>,
  headers: Headers,
): AppSupabase {
  const state = {
    sessionOnly: cookies.some((c) => c.name === COOKIES.sessionOnly && c.value === "1"),
  };
  const { url, anonKey } = supabaseEnv();
  const supabase = createServerClient<Database>(url, anonKey, {
    global: { fetch: forwardingFetch(request.headers.get("x-client-ip")) },
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
  return supabase;
}

const sessionOnlyState = new WeakMap<AppSupabase, { sessionOnly: boolean }>();

/**
 * Sign-in decides "Remember me" for the cookies it is about to write (the request's
 * `sb-session-only` cookie describes the previous session, not this one).
 */
export function setSessionOnly(supabase: AppSupabase, sessionOnly: boolean): void {
  const state = sessionOnlyState.get(supabase);
  if (state) state.sessionOnly = sessionOnly;
}

/**
 * A client with no cookies and no stored session, for one-off checks that must not touch the
 * visitor's session (e.g. verifying a current password before a change).
 */
export function createDetachedClient(): AppSupabase {
  const { url, anonKey } = supabaseEnv();
  return createClient<Database>(url, anonKey, {
    global: { fetch: timeoutFetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** The request header that makes an admin's request read as a client's member (read-only). */
export const VIEW_AS_CLIENT_HEADER = "x-view-as-client";

/**
 * The admin's own session viewing organisation `organisationId`'s portal as its members see it
 * (supabase/migrations/20261234000001_view_as_client.sql): with the header, the database's
 * permission table answers as for a member of that organisation, and for reads only — the same
 * policies hide internal notes and drafts, and every write is refused. null without a session.
 */
export async function viewAsClient(
  supabase: AppSupabase,
  organisationId: string,
): Promise<AppSupabase | null> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) return null;
  const { url, anonKey } = supabaseEnv();
  return createClient<Database>(url, anonKey, {
    global: {
      fetch: timeoutFetch,
      headers: { Authorization: `Bearer ${token}`, [VIEW_AS_CLIENT_HEADER]: organisationId },
    },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let serviceRole: { key: string; client: AppSupabase } | undefined;

/**
 * The service-role client (it bypasses RLS), for the site's own bookkeeping only: the mail
 * outbox and the newsletter's signed links. Server-side, never in loader data, never used by the
 * admin pages (they act with the admin's own session, so RLS decides). null without a key.
 */
export function serviceRoleClient(): AppSupabase | null {
  const key = env().SUPABASE_SERVICE_ROLE_KEY;
  const url = env().SUPABASE_URL;
  if (!key || !url) return null;
  if (serviceRole?.key !== `${url} ${key}`) {
    const client = createClient<Database>(url, key, {
      global: { fetch: timeoutFetch },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    serviceRole = { key: `${url} ${key}`, client };
  }
  return serviceRole.client;
}

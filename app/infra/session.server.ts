import type { User } from "@supabase/supabase-js";
import { type RouterContextProvider, redirect } from "react-router";
import { authUserContext, supabaseContext } from "~/context";
import { type SessionUser, toSessionUser } from "~/domain/accounts/session-user";
import { isAdmin } from "~/domain/admin/rights";
import { redirectWithToast } from "./toast.server";

type Ctx = Readonly<RouterContextProvider>;

export function getSupabase(context: Ctx) {
  return context.get(supabaseContext);
}

/**
 * The verified user of this request (`auth.getUser()` asks the auth server; an unverified cookie
 * is never trusted). Memoised per request. A backend failure counts as "no user": guards fail
 * closed.
 */
export async function getAuthUser(context: Ctx): Promise<User | null> {
  const memo = context.get(authUserContext);
  if (memo) return (await memo).user;
  // The promise itself is memoised: the root loader and a page's loader run at once, and both
  // need the user; they share one call to the auth server.
  const asked = askAuthServer(context);
  (context as RouterContextProvider).set(authUserContext, asked);
  return (await asked).user;
}

async function askAuthServer(context: Ctx): Promise<{ user: User | null; error: boolean }> {
  try {
    const { data, error } = await getSupabase(context).auth.getUser();
    const failed = error !== null && error.name !== "AuthSessionMissingError" && !error.status;
    return { user: error ? null : data.user, error: failed };
  } catch {
    return { user: null, error: true };
  }
}

export async function getSessionUser(context: Ctx): Promise<SessionUser | null> {
  const user = await getAuthUser(context);
  return user ? toSessionUser(user) : null;
}

/** How long after opening a recovery link its session may still set a new password. */
const RECOVERY_WINDOW_SECONDS = 60 * 60;

/**
 * True when this session was started by a password-recovery link within the last hour (the
 * access token's `amr` says `recovery`): only such a session may set a password without the
 * current one.
 */
export async function isRecoverySession(context: Ctx): Promise<boolean> {
  try {
    const { data, error } = await getSupabase(context).auth.getClaims();
    if (error || !data) return false;
    const amr = (data.claims as { amr?: { method?: string; timestamp?: number }[] }).amr ?? [];
    const now = Math.floor(Date.now() / 1000);
    return amr.some(
      (entry) =>
        entry.method === "recovery" &&
        typeof entry.timestamp === "number" &&
        now - entry.timestamp <= RECOVERY_WINDOW_SECONDS,
    );
  } catch {
    return false;
  }
}

/** `/login?redirectTo=<this path>` for a guarded page. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Guard for loaders and actions: anonymous visitors go to the login page and come back after. */
export async function requireUser({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<User> {
  const user = await getAuthUser(context);
  if (!user) throw redirect(loginRedirectUrl(request));
  return user;
}

/** Admin guard: anonymous → login; signed in without admin rights → home with an info toast. */
export async function requireAdmin(args: { request: Request; context: Ctx }): Promise<User> {
  const user = await requireUser(args);
  if (!isAdmin(user)) {
    throw await redirectWithToast("/", {
      type: "info",
      title: "That page is for administrators only.",
    });
  }
  return user;
}

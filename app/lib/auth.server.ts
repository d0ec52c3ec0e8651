import type { User } from "@supabase/supabase-js";
import { type RouterContextProvider, redirect } from "react-router";
import { authUserContext, supabaseContext } from "~/context";
import type { SessionUser } from "./session-user";
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
  const cached = context.get(authUserContext);
  if (cached) return cached.user;
  let result: { user: User | null; error: boolean };
  try {
    const { data, error } = await getSupabase(context).auth.getUser();
    const failed = error !== null && error.name !== "AuthSessionMissingError" && !error.status;
    result = { user: error ? null : data.user, error: failed };
  } catch {
    result = { user: null, error: true };
  }
  (context as RouterContextProvider).set(authUserContext, result);
  return result.user;
}

/** Admin rights come only from app_metadata, which users cannot change (DESIGN §3). */
export function isAdmin(user: User): boolean {
  return user.app_metadata?.is_admin === true;
}

export function toSessionUser(user: User): SessionUser {
  const meta = user.user_metadata ?? {};
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    id: user.id,
    email: user.email ?? "",
    fullName: text(meta.full_name),
    avatarUrl: text(meta.avatar_url) || null,
    emailConfirmed: Boolean(user.email_confirmed_at),
    isAdmin: isAdmin(user),
    onboarded: meta.onboarded === true,
  };
}

export async function getSessionUser(context: Ctx): Promise<SessionUser | null> {
  const user = await getAuthUser(context);
  return user ? toSessionUser(user) : null;
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

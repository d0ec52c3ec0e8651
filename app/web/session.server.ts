import type { User } from "@supabase/supabase-js";
import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { authUserContext, supabaseContext } from "~/context";
import { type SessionUser, toSessionUser } from "~/domain/accounts/session-user";
import { localeFromPath, localizePath, pagePath } from "~/i18n/locale";
import { staffMayOpen } from "./staff-pages";
import { redirectWithToast } from "./toast.server";
import { type Viewer, viewerContext, viewerOf } from "./viewer.server";

type Ctx = Readonly<RouterContextProvider>;

export function getSupabase(context: Ctx) {
  return context.get(supabaseContext).client();
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

/**
 * The verified user if this request already asked (the root loader does for every page), else
 * undefined — without asking the auth server.
 */
export async function knownAuthUser(context: Ctx): Promise<User | null | undefined> {
  const memo = context.get(authUserContext);
  return memo ? (await memo).user : undefined;
}

async function askAuthServer(context: Ctx): Promise<{ user: User | null; error: boolean }> {
  // Without a session cookie the client would answer "no session" itself.
  if (!context.get(supabaseContext).hasSession) return { user: null, error: false };
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

/** How long after opening a recovery link its session may set a password without the old one. */
const RECOVERY_WINDOW_SECONDS = 10 * 60;
/** How long a recovery mail's link lives (GoTrue's otp_expiry). */
const LINK_LIFETIME_SECONDS = 60 * 60;
/** The `amr` methods GoTrue gives a session started by an e-mail link or code. */
const LINK_METHODS = new Set(["otp", "recovery", "magiclink"]);

/**
 * True when this session was started, in the last ten minutes, by a password-recovery link:
 * its access token says it came from an e-mail link (`amr` otp/recovery/magiclink — hosted
 * GoTrue writes `otp` for every verified link) and a recovery mail went to the account within
 * the hour before. Only such a session may set a password without giving the current one.
 */
export async function isRecoverySession(context: Ctx): Promise<boolean> {
  try {
    const user = await getAuthUser(context);
    const sentAt = user?.recovery_sent_at ? Date.parse(user.recovery_sent_at) / 1000 : Number.NaN;
    if (!user || Number.isNaN(sentAt)) return false;
    const { data, error } = await getSupabase(context).auth.getClaims();
    if (error || !data) return false;
    const amr = (data.claims as { amr?: { method?: string; timestamp?: number }[] }).amr ?? [];
    const now = Math.floor(Date.now() / 1000);
    return amr.some(
      ({ method, timestamp }) =>
        typeof method === "string" &&
        LINK_METHODS.has(method) &&
        typeof timestamp === "number" &&
        now - timestamp <= RECOVERY_WINDOW_SECONDS &&
        timestamp >= Math.floor(sentAt) &&
        timestamp - sentAt <= LINK_LIFETIME_SECONDS,
    );
  } catch {
    return false;
  }
}

/**
 * `/login?redirectTo=<this page>` for a guarded page, in the page's language (`/sw/login?…` from
 * `/sw/profile`). A client navigation asks for the page's data URL (`/sw/profile.data?_routes=…`):
 * the visitor comes back to the page, not to its data.
 */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const page = pagePath(url.pathname);
  url.searchParams.delete("_routes");
  const back = `${page}${url.search}`;
  return `${localizePath("/login", localeFromPath(page))}?redirectTo=${encodeURIComponent(back)}`;
}

/** Anonymous visitors go to the login page and come back after. */
async function signedInUser({ request, context }: { request: Request; context: Ctx }) {
  const user = await getAuthUser(context);
  if (!user) throw redirect(loginRedirectUrl(request));
  return user;
}

/** The verified viewer into the router context, for every loader and action below the layout. */
async function admit(context: Ctx, user: User): Promise<Viewer> {
  const viewer = await viewerOf(user, getSupabase(context));
  (context as RouterContextProvider).set(viewerContext, viewer);
  return viewer;
}

/**
 * Middleware of the account pages' layout (app/routes/account/layout.ts): every request under it
 * is for signed-in visitors; anyone else goes to the login page and comes back after.
 */
export const signedInOnly: MiddlewareFunction<Response> = async (args, next) => {
  await admit(args.context, await signedInUser(args));
  return next();
};

/**
 * Middleware of the layout of pages whose posts need a session
 * (app/routes/account/forms-layout.ts): posting needs one (anonymous → login); a read is the
 * page's own (its loader decides).
 */
export const signedInToPost: MiddlewareFunction<Response> = async (args, next) => {
  if (args.request.method !== "GET" && args.request.method !== "HEAD") {
    await admit(args.context, await signedInUser(args));
  }
  return next();
};

/**
 * Middleware of the admin layout (app/routes/admin/layout.ts): every request under it is for
 * administrators (anonymous → login, signed in without admin rights → home with an info toast),
 * except the money pages agency staff open too (app/web/staff-pages.ts), where their own
 * session's rights decide what they see.
 */
export const adminOnly: MiddlewareFunction<Response> = async (args, next) => {
  const viewer = await admit(args.context, await signedInUser(args));
  const staffPage =
    viewer.agencyRole === "staff" && staffMayOpen(pagePath(new URL(args.request.url).pathname));
  if (!viewer.isAdmin && !staffPage) {
    throw await redirectWithToast("/", {
      type: "info",
      title: "That page is for administrators only.",
    });
  }
  return next();
};

import type { User } from "@supabase/supabase-js";
import { createContext } from "react-router";
import { type Viewer as AccessViewer, ANONYMOUS } from "~/domain/access/permissions";
import { loadViewer } from "~/domain/access/viewer.server";
import { isAdmin } from "~/domain/admin/rights";
import type { AppSupabase } from "~/infra/supabase.server";

/**
 * Who is asking, as the area middleware verified it (app/web/session.server.ts): set in the
 * router context by the admin and account layouts' middleware for every loader and action
 * under them, read there with `context.get(viewerContext)` — route modules call no guard.
 */

export type { AgencyRole, MemberRole } from "~/domain/access/permissions";

/**
 * The access part (agency role, memberships, assignments) is the permission module's viewer
 * (app/domain/access/permissions.ts), so `can(viewer, …)` takes this one as it is.
 */
export interface Viewer extends AccessViewer {
  /** The user the auth server verified for this request's session. */
  user: User;
  /** Full administrator (app_metadata.is_admin: app/domain/admin/rights.ts). */
  isAdmin: boolean;
}

/**
 * No default: outside the areas nobody set a viewer, and reading one there throws instead of
 * answering as somebody — a route moved out of its layout fails closed.
 */
export const viewerContext = createContext<Viewer>();

/**
 * The one place a viewer is made from a verified user. Roles and memberships that live in the
 * database are read here (with the request's client from `context`), once per request.
 */
export async function viewerOf(user: User, supabase: AppSupabase): Promise<Viewer> {
  // An administrator may do everything anywhere: no organisation of theirs needs reading.
  if (isAdmin(user)) {
    return {
      user,
      isAdmin: true,
      signedIn: true,
      agencyRole: "admin",
      memberships: [],
      assignments: [],
    };
  }
  const access = await loadViewer(supabase, user.id);
  if (access.ok) return { ...access.value, user, isAdmin: false };
  // Fails closed: a viewer whose roles could not be read has none (an agency role or a
  // membership only ever adds rights); the pages that need them say so.
  console.warn("viewer: roles could not be read;", access.message);
  return { ...ANONYMOUS, signedIn: true, user, isAdmin: false };
}

import type { User } from "@supabase/supabase-js";
import { createContext, type RouterContextProvider } from "react-router";
import { isAdmin } from "~/domain/admin/rights";

/**
 * Who is asking, as the area middleware verified it (app/web/session.server.ts): set in the
 * router context by the admin and account layouts' middleware for every loader and action
 * under them, read there with `context.get(viewerContext)` — route modules call no guard.
 */

/** The agency side of a viewer: today only "admin" (app_metadata.is_admin). */
export type AgencyRole = "admin";

/** A client organisation the viewer belongs to, and as what. */
export interface ClientMembership {
  organisationId: string;
  role: "owner" | "member";
}

export interface Viewer {
  /** The user the auth server verified for this request's session. */
  user: User;
  /** Full administrator (app/domain/admin/rights.ts). */
  isAdmin: boolean;
  /** The viewer's role at the agency, or null for a client. */
  agencyRole: AgencyRole | null;
  /** The client organisations the viewer is a member of (none until organisations exist). */
  memberships: readonly ClientMembership[];
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
export async function viewerOf(
  user: User,
  _context: Readonly<RouterContextProvider>,
): Promise<Viewer> {
  const admin = isAdmin(user);
  return { user, isAdmin: admin, agencyRole: admin ? "admin" : null, memberships: [] };
}

import { z } from "zod";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";
import { ANONYMOUS, type Viewer } from "./permissions";

/** What public.viewer_access() answers (supabase/migrations/20261208000001_roles.sql). */
const accessSchema = z.object({
  agency_role: z.enum(["admin", "staff"]).nullable(),
  memberships: z.array(
    z.object({
      organisation_id: z.string(),
      name: z.string(),
      role: z.enum(["owner", "member"]),
    }),
  ),
  assignments: z.array(z.string()),
});

/**
 * The signed-in person's agency role and organisations, in one call through the request's own
 * client (the function reads the caller's rows only); a visitor without a session asks nothing.
 * What the database answers is checked: anything unexpected is a backend failure, never a role.
 */
export async function loadViewer(
  supabase: AppSupabase,
  userId: string | null,
): Promise<Result<Viewer>> {
  if (!userId) return ok(ANONYMOUS);
  try {
    const { data, error } = await supabase.rpc("viewer_access");
    if (error) return backendFailure(error);
    const parsed = accessSchema.safeParse(data);
    if (!parsed.success) return backendFailure(new Error("Unexpected answer from viewer_access"));
    const access = parsed.data;
    return ok({
      signedIn: true,
      agencyRole: access.agency_role,
      memberships: access.memberships.map((m) => ({
        organisationId: m.organisation_id,
        name: m.name,
        role: m.role,
      })),
      assignments: access.assignments,
    });
  } catch (error) {
    return backendFailure(error);
  }
}

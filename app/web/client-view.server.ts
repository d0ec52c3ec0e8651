import { data } from "react-router";
import { type AppSupabase, viewAsClient } from "~/infra/supabase.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[1-9][0-9]{0,17}$/;

const notFound = () => data({ message: "Not found" }, { status: 404 });

/**
 * An admin opens client `organisationParam`'s portal (or its project `projectParam`) as its
 * members see it (/admin/clients/:id/view…): the view is written in the audit log first — the
 * database does it for an admin and an organisation (and project of it) that exist, else the
 * page answers 404 — and the page is then read with the client that makes the database answer as
 * for a member of that organisation, reads only (app/infra/supabase.server.ts viewAsClient).
 */
export async function openClientView(
  supabase: AppSupabase,
  organisationParam: string | undefined,
  projectParam?: string,
): Promise<AppSupabase> {
  const organisation = organisationParam ?? "";
  if (!UUID.test(organisation)) throw notFound();
  if (projectParam !== undefined && !ID.test(projectParam)) throw notFound();
  const { data: audited, error } = await supabase.rpc("audit_client_view", {
    p_organisation: organisation,
    // A view of the organisation's page names no project (the function takes null).
    p_project: (projectParam === undefined ? null : Number(projectParam)) as number,
  });
  if (error) throw data({ message: error.message }, { status: 502 });
  if (!audited) throw notFound();
  const viewing = await viewAsClient(supabase, organisation);
  if (!viewing) throw notFound();
  return viewing;
}

/**
 * Every form of a client's portal viewed by the agency is refused: the view is read-only (the
 * pages offer none, and the database would refuse the write too).
 */
export function refuseClientViewPost(): never {
  throw data({ message: "Viewing a client's portal is read-only" }, { status: 403 });
}

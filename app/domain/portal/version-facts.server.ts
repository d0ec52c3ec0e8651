import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";

/**
 * A deliverable version with what a mail about it names: its deliverable, project and client,
 * read as the service (the reminder of a version waiting for a decision, the agency's mail about
 * a decision).
 */
export interface VersionFacts {
  version: {
    number: number;
    status: string;
    deliverable: {
      title: string;
      project: { id: number; title: string; organisation: { id: string; name: string } };
    };
  };
}

/** The version, its deliverable, project and client (four small reads, as the service). */
export async function versionFacts(
  service: AppSupabase,
  versionId: number,
): Promise<Result<VersionFacts | null>> {
  const version = await service
    .from("deliverable_versions")
    .select("number, status, deliverable_id")
    .eq("id", versionId)
    .maybeSingle();
  if (version.error) return fail("backend", version.error.message);
  if (!version.data) return ok(null);
  const deliverable = await service
    .from("project_deliverables")
    .select("title, project_id")
    .eq("id", version.data.deliverable_id)
    .single();
  if (deliverable.error) return fail("backend", deliverable.error.message);
  const project = await service
    .from("projects")
    .select("id, title, organisation_id")
    .eq("id", deliverable.data.project_id)
    .single();
  if (project.error) return fail("backend", project.error.message);
  const organisation = await service
    .from("organisations")
    .select("id, name")
    .eq("id", project.data.organisation_id)
    .single();
  if (organisation.error) return fail("backend", organisation.error.message);
  return ok({
    version: {
      number: version.data.number,
      status: version.data.status,
      deliverable: {
        title: deliverable.data.title,
        project: {
          id: project.data.id,
          title: project.data.title,
          organisation: organisation.data,
        },
      },
    },
  });
}

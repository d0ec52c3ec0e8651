import type { SupabaseClient } from "@supabase/supabase-js";

/** A client organisation named `name` with one project ("<name> website"), as the service. */
export async function organisationWithProject(
  service: SupabaseClient,
  name: string,
): Promise<{ id: string; project: number }> {
  const { data, error } = await service
    .from("organisations")
    .insert({ name })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  const project = await service
    .from("projects")
    .insert({ organisation_id: data.id, title: `${name} website` })
    .select("id")
    .single();
  if (project.error) throw new Error(project.error.message);
  return { id: data.id as string, project: project.data.id as number };
}

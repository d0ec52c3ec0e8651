/** Rows of the client portal for a test: a client organisation with one project. */
import { createUser, serviceClient, type TestBackend } from "./backend";

/**
 * A client named `name` with one project (`title`, for `service` if given), and with `owner`
 * an account that owns the client.
 */
export async function clientWithProject(
  backend: TestBackend,
  name: string,
  {
    title = "Brand refresh",
    service,
    owner = false,
  }: { title?: string; service?: string; owner?: boolean } = {},
) {
  const admin = serviceClient(backend);
  const { data: organisation } = await admin
    .from("organisations")
    .insert({ name })
    .select("id")
    .single();
  const id = organisation?.id as string;
  const { data: project } = await admin
    .from("projects")
    .insert({ organisation_id: id, title, service: service ?? null })
    .select("id")
    .single();
  const person = owner ? await createUser(backend) : null;
  if (person) {
    await admin
      .from("organisation_members")
      .insert({ organisation_id: id, user_id: person.id, role: "owner" });
  }
  return { id, project: project?.id as number, owner: person };
}

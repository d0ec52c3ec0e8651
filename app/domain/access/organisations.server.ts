import { z } from "zod";
import { failWith } from "~/i18n/failures.server";
import type { Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";
import type { MemberRole } from "./permissions";

/**
 * Client organisations as the agency manages them in /admin/clients, read and written with the
 * caller's own client: row-level security (public.can()) decides what each caller sees.
 */
export const ORGANISATIONS_SHOWN = 200;

export function organisationSchema(t: Translator) {
  return z.object({
    intent: z.literal("create"),
    name: z
      .string({ error: t("adminClients.nameRequired") })
      .trim()
      .min(1, { error: t("adminClients.nameRequired") })
      .max(200, { error: t("adminClients.nameTooLong") }),
  });
}

export interface OrganisationSummary {
  id: string;
  name: string;
  created_at: string;
  members: number;
}

export async function listOrganisations(
  supabase: AppSupabase,
): Promise<Result<OrganisationSummary[]>> {
  const [organisations, members] = await Promise.all([
    supabase
      .from("organisations")
      .select("id, name, created_at")
      .order("name")
      .limit(ORGANISATIONS_SHOWN),
    supabase.from("organisation_members").select("organisation_id").limit(10_000),
  ]);
  if (organisations.error) return backendFailure(organisations.error);
  if (members.error) return backendFailure(members.error);
  const count = new Map<string, number>();
  for (const row of members.data ?? []) {
    count.set(row.organisation_id, (count.get(row.organisation_id) ?? 0) + 1);
  }
  return ok((organisations.data ?? []).map((row) => ({ ...row, members: count.get(row.id) ?? 0 })));
}

/** A new organisation (admins only, by the permission table); its id. */
export async function createOrganisation(
  supabase: AppSupabase,
  name: string,
): Promise<Result<string>> {
  const { data, error } = await supabase
    .from("organisations")
    .insert({ name })
    .select("id")
    .single();
  if (error) return backendFailure(error);
  return ok(data.id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` can name an organisation (a UUID): anything else is none, without asking. */
export const isOrganisationId = (id: string | undefined): id is string => !!id && UUID.test(id);

/** An organisation the caller may read; not-found for a malformed id or anyone else's. */
export async function organisationById(
  supabase: AppSupabase,
  id: string | undefined,
): Promise<Result<{ id: string; name: string }>> {
  if (!id || !UUID.test(id)) return fail("not-found", "There is no such client.");
  const { data, error } = await supabase
    .from("organisations")
    .select("id, name")
    .eq("id", id)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!data) return fail("not-found", "There is no such client.");
  return ok(data);
}

export interface OrganisationPerson {
  user_id: string;
  email: string;
  full_name: string;
  role: MemberRole;
  joined_at: string;
}

/** The organisation's people (public.organisation_people: empty for whoever may not read them). */
export async function organisationPeople(
  supabase: AppSupabase,
  organisationId: string,
): Promise<Result<OrganisationPerson[]>> {
  const { data, error } = await supabase.rpc("organisation_people", {
    p_organisation: organisationId,
  });
  if (error) return backendFailure(error);
  return ok((data ?? []) as OrganisationPerson[]);
}

/**
 * Removes a person from an organisation, as the signed-in caller: row-level security lets its
 * owners and the agency's admins (the permission table), and the database refuses to leave it
 * without an owner (`conflict`, worded for the page). Not-found when the person is not in it or
 * the caller may not remove them. The audit log records the removal (a trigger).
 */
export async function removeMember(
  supabase: AppSupabase,
  organisationId: string,
  userId: string,
): Promise<Result<{ email: string }>> {
  if (!UUID.test(userId)) return failWith("not-found", "adminClients.notMember");
  const people = await organisationPeople(supabase, organisationId);
  if (!people.ok) return people;
  const person = people.value.find((row) => row.user_id === userId);
  const { data, error } = await supabase
    .from("organisation_members")
    .delete()
    .eq("organisation_id", organisationId)
    .eq("user_id", userId)
    .select("user_id");
  if (error?.code === "23514") {
    return failWith("conflict", "adminClients.lastOwner");
  }
  if (error) return backendFailure(error);
  if (!data?.length || !person) return failWith("not-found", "adminClients.notMember");
  return ok({ email: person.email });
}

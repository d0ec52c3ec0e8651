import type { User } from "@supabase/supabase-js";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { exactly } from "./data-export.server";

/**
 * "Delete my account" (Kenya Data Protection Act, 2019, s. 40: the right of erasure). The
 * account goes through auth's admin API (service role); the database then removes what hangs
 * on it (`on delete cascade`: memberships, read marks, reminders, notices) and keeps, without the
 * account (`on delete set null`), what other people and the agency's books need: thread
 * messages (under the name they were written with), deliverable decisions and accepted quotes
 * (the typed name is the signature), invoices, payments and receipts (kept 7 years: Tax
 * Procedures Act, 2015, s. 23). The newsletter subscription is kept by address, not by account:
 * it is deleted here. Refused while the person is the last owner of an organisation that has
 * other people (20261209000001_organisation_owner.sql lets the rows go; the people left would
 * have no owner): they name another owner first.
 */

/** The organisations the person alone owns while others belong to them (their names). */
export async function soleOwnerships(
  supabase: AppSupabase,
  userId: string,
): Promise<Result<string[]>> {
  const owned = await supabase
    .from("organisation_members")
    .select("organisation_id")
    .eq("user_id", userId)
    .eq("role", "owner");
  if (owned.error) return fail("backend", owned.error.message);
  const ids = (owned.data ?? []).map((row) => row.organisation_id);
  if (ids.length === 0) return ok([]);
  // Members see their organisation's people (the organisation page lists them): own client.
  const people = await supabase
    .from("organisation_members")
    .select("organisation_id, user_id, role")
    .in("organisation_id", ids);
  if (people.error) return fail("backend", people.error.message);
  const others = (people.data ?? []).filter((p) => p.user_id !== userId);
  const sole = ids.filter(
    (id) =>
      others.some((p) => p.organisation_id === id) &&
      !others.some((p) => p.organisation_id === id && p.role === "owner"),
  );
  if (sole.length === 0) return ok([]);
  const names = await supabase.from("organisations").select("id, name").in("id", sole);
  if (names.error) return fail("backend", names.error.message);
  return ok((names.data ?? []).map((row) => row.name));
}

export type Deletion =
  | { ok: true; newsletterRemoved: boolean }
  | { ok: false; reason: "sole-owner"; organisations: string[] }
  | { ok: false; reason: "backend"; message: string };

/** Deletes `user`'s account (after the caller checked the typed address). */
export async function deleteAccount(
  supabase: AppSupabase,
  service: AppSupabase | null,
  user: User,
): Promise<Deletion> {
  if (!service) return { ok: false, reason: "backend", message: "No service role configured" };
  const sole = await soleOwnerships(supabase, user.id);
  if (!sole.ok) return { ok: false, reason: "backend", message: sole.message };
  if (sole.value.length > 0) return { ok: false, reason: "sole-owner", organisations: sole.value };
  const removed = await service.auth.admin.deleteUser(user.id);
  if (removed.error) return { ok: false, reason: "backend", message: removed.error.message };
  // The account is gone; its address leaves the newsletter list too (RLS: admins only).
  const newsletter = user.email
    ? await service.from("newsletter_subscribers").delete().ilike("email", exactly(user.email))
    : { error: null };
  return { ok: true, newsletterRemoved: !newsletter.error };
}

/** Whether the typed confirmation is the account's address (case and spaces aside). */
export function confirmsAddress(typed: string, user: User): boolean {
  const email = (user.email ?? "").trim().toLowerCase();
  return email !== "" && typed.trim().toLowerCase() === email;
}

import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { type Page, pageRange } from "./pagination";
import { backendFailure } from "./queries.server";

/**
 * Accounts and admin rights through the database functions `admin_list_people` and
 * `admin_set_admin` (security definer; each checks that the caller is an admin, the second also
 * that nobody revokes their own rights or the last admin's, and writes the audit row). The site
 * calls them with the admin's own session: no service-role key is involved.
 */
export interface Person {
  id: string;
  email: string;
  full_name: string;
  confirmed: boolean;
  is_admin: boolean;
  /** admin (the is_admin flag), staff (public.agency_roles) or none. */
  agency_role: AgencyRoleChoice;
  created_at: string;
  last_sign_in_at: string | null;
}

/** What /admin/people assigns (supabase/migrations/20261208000001_roles.sql: set_agency_role). */
export const AGENCY_ROLE_CHOICES = ["admin", "staff", "none"] as const;
export type AgencyRoleChoice = (typeof AGENCY_ROLE_CHOICES)[number];

/** The staff among `ids` (admins read every agency role through RLS). */
async function staffAmong(supabase: AppSupabase, ids: string[]): Promise<Result<Set<string>>> {
  if (ids.length === 0) return ok(new Set());
  const { data, error } = await supabase
    .from("agency_roles")
    .select("user_id, role")
    .in("user_id", ids);
  if (error) return backendFailure(error);
  return ok(new Set(data.filter((row) => row.role === "staff").map((row) => row.user_id)));
}

export async function listPeople(
  supabase: AppSupabase,
  query: { search: string; page: number },
): Promise<Result<Page<Person>>> {
  const { from } = pageRange(query.page);
  try {
    const { data, error } = await supabase.rpc("admin_list_people", {
      p_search: query.search,
      p_limit: 25,
      p_offset: from,
    });
    if (error) return backendFailure(error);
    const rows = data ?? [];
    if (query.page > 1 && rows.length === 0) return fail("not-found", "There is no such page.");
    const staff = await staffAmong(
      supabase,
      rows.map((row) => row.id),
    );
    if (!staff.ok) return staff;
    const people = rows.map(({ total: _total, ...person }): Person => {
      const role = person.is_admin ? "admin" : staff.value.has(person.id) ? "staff" : "none";
      return { ...person, agency_role: role };
    });
    return ok({ rows: people, total: Number(rows[0]?.total ?? 0), page: query.page });
  } catch (error) {
    return backendFailure(error);
  }
}

/** Grants or revokes admin rights; true when something changed. */
export async function setAdminRights(
  supabase: AppSupabase,
  userId: string,
  grant: boolean,
): Promise<Result<boolean>> {
  try {
    const { data, error } = await supabase.rpc("admin_set_admin", {
      p_user_id: userId,
      p_is_admin: grant,
    });
    return error ? backendFailure(error) : ok(data === true);
  } catch (error) {
    return backendFailure(error);
  }
}

/**
 * Assigns an agency role through set_agency_role (admin only; admin rights change with
 * admin_set_admin's checks — not your own, not the last admin — and every change is audited).
 * True when something changed.
 */
export async function setAgencyRole(
  supabase: AppSupabase,
  userId: string,
  role: AgencyRoleChoice,
): Promise<Result<boolean>> {
  try {
    const { data, error } = await supabase.rpc("set_agency_role", {
      p_user_id: userId,
      p_role: role,
    });
    return error ? backendFailure(error) : ok(data === true);
  } catch (error) {
    return backendFailure(error);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseUserId(raw: string | null | undefined): string | null {
  return raw && UUID.test(raw) ? raw.toLowerCase() : null;
}

import type { TeamCard } from "~/domain/site/content.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { phoneOf } from "~/lib/phone";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";
import type { PhotoFocus } from "../site/photo-focus";

/**
 * The card of the agency person who runs a project, on the client's project page: their name,
 * role and photo as the site's team shows them (the published team member of the same name),
 * else the account's own name and avatar (a picture of this site only: the pages' CSP loads no
 * other), and their phone as `tel:` and WhatsApp links (app/lib/phone.ts). The account is read
 * through public.project_managers, which answers for projects the caller may read only.
 */
export interface ManagerCard {
  name: string;
  role: string | null;
  photo: string | null;
  photoFocus: PhotoFocus;
  phone: { display: string; tel: string; whatsapp: string } | null;
}

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase("en") === b.trim().toLocaleLowerCase("en");

/** A picture the site itself serves (an uploaded medium or a file under public/). */
const ownPicture = (url: string | null) => (url && /^\/(?!\/)/.test(url) ? url : null);

/** Someone who may run a project, as the agency's form offers them. */
export interface ManagerChoice {
  id: string;
  label: string;
  current: boolean;
}

/**
 * The people who may run project `projectId` — its client's assigned staff and the admins
 * (public.project_manager_choices) — for the agency's form; none for anyone who may not change it.
 */
export async function managerChoices(
  supabase: AppSupabase,
  projectId: number,
): Promise<Result<ManagerChoice[]>> {
  const { data, error } = await supabase.rpc("project_manager_choices", { p_project: projectId });
  if (error) return backendFailure(error);
  return ok(
    (data ?? []).map((row) => ({
      id: row.user_id,
      label: row.full_name ? `${row.full_name} (${row.email})` : row.email,
      current: row.current,
    })),
  );
}

export async function projectManager(
  supabase: AppSupabase,
  projectId: number,
  team: readonly TeamCard[],
): Promise<Result<ManagerCard | null>> {
  const { data, error } = await supabase.rpc("project_managers", { p_projects: [projectId] });
  if (error) return backendFailure(error);
  const row = data?.[0];
  if (!row) return ok(null);
  const name = row.full_name || (row.email ?? "").split("@")[0] || "";
  const member = team.find((card) => sameName(card.name, name));
  const phone = phoneOf(row.phone);
  return ok({
    name,
    role: member?.role ?? null,
    photo: member?.photo ?? ownPicture(row.avatar_url),
    photoFocus: member?.photoFocus ?? "center",
    phone: phone
      ? {
          display: phone.display,
          tel: `tel:${phone.e164}`,
          whatsapp: `https://wa.me/${phone.e164.slice(1)}`,
        }
      : null,
  });
}

import { dateTime } from "~/i18n/format";
import type { Values } from "~/i18n/messages";
import type { Translator } from "~/i18n/translate.server";
import type { Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import type { Result } from "~/lib/result";
import { type ActivityPlan, activityKeys, planActivity } from "./activity";
import type { Page } from "./pagination";
import { fetchPage } from "./queries.server";

export type AuditEntry = Pick<
  Tables<"audit_log">,
  "id" | "actor_email" | "action" | "target_type" | "target_id" | "summary" | "created_at"
>;

/** An audit entry as the activity page shows it: a sentence in the admin's language, with links. */
export interface ActivityEntry {
  id: number;
  created_at: string;
  /** The time in the agency's zone, in the admin's language. */
  when: string;
  sentence: ReturnType<typeof activityKeys>["sentence"];
  values: Values;
  itemHref: string | null;
  personHref: string | null;
}

/** The audit trail, newest first (admins read it; the database writes it). */
export function listAudit(supabase: AppSupabase, page: number): Promise<Result<Page<AuditEntry>>> {
  return fetchPage(
    supabase
      .from("audit_log")
      .select("id, actor_email, action, target_type, target_id, summary, created_at", {
        count: "exact",
      })
      .order("id", { ascending: false }),
    page,
  );
}

/** The tables whose rows the activity page links to, and the column that names a row. */
const EXISTENCE: Record<string, "id" | "hash"> = {
  posts: "id",
  contact_messages: "id",
  newsletter_subscribers: "id",
  media: "hash",
  services: "id",
  portfolio_projects: "id",
  portfolio_categories: "id",
  team_members: "id",
  testimonials: "id",
  site_figures: "id",
  legal_documents: "id",
  chat_options: "id",
  organisations: "id",
};
type CheckedTable = keyof typeof EXISTENCE & Parameters<AppSupabase["from"]>[0];

/**
 * Which of the plans' items still exist (`table:id`), one query per table on the page. A table
 * that does not answer counts as "gone": the sentence stays, without its link.
 */
async function existing(supabase: AppSupabase, plans: ActivityPlan[]): Promise<Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const key of plans.map((plan) => plan.mustExist)) {
    if (!key) continue;
    const at = key.indexOf(":");
    const table = key.slice(0, at);
    if (!(table in EXISTENCE)) continue;
    wanted.set(table, (wanted.get(table) ?? new Set()).add(key.slice(at + 1)));
  }
  const found = new Set<string>();
  await Promise.all(
    [...wanted].map(async ([table, ids]) => {
      const column = EXISTENCE[table] ?? "id";
      try {
        const { data } = await supabase
          .from(table as CheckedTable)
          .select(column)
          .in(column, [...ids]);
        for (const row of (data ?? []) as unknown as Record<string, unknown>[]) {
          found.add(`${table}:${String(row[column])}`);
        }
      } catch {
        // No link is shown for what could not be checked.
      }
    }),
  );
  return found;
}

/** The page's entries as sentences in `t`'s language, times in `timeZone`. */
export async function describeAudit(
  supabase: AppSupabase,
  page: Page<AuditEntry>,
  t: Translator,
  timeZone: string,
): Promise<Page<ActivityEntry>> {
  const plans = page.rows.map((row) => planActivity({ ...row, summary: row.summary ?? "" }));
  const present = await existing(supabase, plans);
  const rows = page.rows.map((row, index): ActivityEntry => {
    const plan = plans[index] as ActivityPlan;
    const keys = activityKeys(plan);
    const gone = plan.mustExist !== null && !present.has(plan.mustExist);
    return {
      id: row.id,
      created_at: row.created_at,
      when: dateTime(row.created_at, t.locale, timeZone),
      sentence: keys.sentence,
      values: {
        actor: row.actor_email ?? t("activity.someone"),
        thing: t(keys.thing),
        name: plan.listTitle ? t(plan.listTitle) : plan.name,
        action: plan.action,
      },
      itemHref: gone ? null : plan.itemHref,
      personHref: plan.personHref,
    };
  });
  return { ...page, rows };
}

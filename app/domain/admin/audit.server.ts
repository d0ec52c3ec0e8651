import type { Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import type { Result } from "~/lib/result";
import type { Page } from "./pagination";
import { fetchPage } from "./queries.server";

export type AuditEntry = Pick<
  Tables<"audit_log">,
  "id" | "actor_email" | "action" | "target_type" | "target_id" | "summary" | "created_at"
>;

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

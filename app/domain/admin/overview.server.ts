import type { InboxRow } from "~/domain/contact/inbox";
import { newestMessages } from "~/domain/contact/inbox.server";
import type { Tables } from "~/infra/database.types";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { zoneOffsetMs } from "~/lib/time-zone";
import { backendFailure } from "./queries.server";

export type OutboxProblem = Pick<
  Tables<"mail_outbox">,
  "id" | "kind" | "status" | "attempts" | "last_error" | "next_attempt_at" | "created_at"
>;

export interface Overview {
  newMessages: number;
  subscribers: number;
  subscribersThisMonth: number;
  published: number;
  drafts: number;
  latest: InboxRow[];
  /** Notifications that failed for good, or are waiting to be tried again after an error. */
  mailProblems: OutboxProblem[];
  mailFailed: number;
}

/** The first instant of the current month in the agency's time zone (AGENCY_TIME_ZONE). */
export function monthStart(now = new Date(), timeZone = agencyTimeZone()): Date {
  const local = new Date(now.getTime() + zoneOffsetMs(now, timeZone));
  const first = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  const guess = new Date(first - zoneOffsetMs(now, timeZone));
  return new Date(first - zoneOffsetMs(guess, timeZone));
}

/** The /admin figures, each read with the admin's own client. */
export async function loadOverview(
  supabase: AppSupabase,
  now = new Date(),
): Promise<Result<Overview>> {
  const head = { count: "exact", head: true } as const;
  try {
    const [fresh, subscribers, month, published, drafts, failed, problems, latest] =
      await Promise.all([
        supabase.from("contact_messages").select("id", head).eq("status", "new"),
        supabase.from("newsletter_subscribers").select("id", head).eq("status", "confirmed"),
        supabase
          .from("newsletter_subscribers")
          .select("id", head)
          .eq("status", "confirmed")
          .gte("confirmed_at", monthStart(now).toISOString()),
        supabase.from("posts").select("id", head).eq("published", true),
        supabase.from("posts").select("id", head).eq("published", false),
        supabase.from("mail_outbox").select("id", head).eq("status", "failed"),
        supabase
          .from("mail_outbox")
          .select("id, kind, status, attempts, last_error, next_attempt_at, created_at")
          .or("status.eq.failed,and(status.eq.pending,attempts.gt.0)")
          .order("id", { ascending: false })
          .limit(5),
        newestMessages(supabase),
      ]);
    for (const answer of [fresh, subscribers, month, published, drafts, failed, problems]) {
      if (answer.error) return backendFailure(answer.error);
    }
    if (!latest.ok) return latest;
    return ok({
      newMessages: fresh.count ?? 0,
      subscribers: subscribers.count ?? 0,
      subscribersThisMonth: month.count ?? 0,
      published: published.count ?? 0,
      drafts: drafts.count ?? 0,
      latest: latest.value,
      mailProblems: problems.data ?? [],
      mailFailed: failed.count ?? 0,
    });
  } catch (error) {
    return backendFailure(error);
  }
}

/** Puts failed notifications back in the queue, due now (admins only, by RLS). */
export async function retryFailedMail(supabase: AppSupabase): Promise<Result<number>> {
  try {
    const { data, error } = await supabase
      .from("mail_outbox")
      .update({ status: "pending", next_attempt_at: now() })
      .eq("status", "failed")
      .select("id");
    return error ? backendFailure(error) : ok(data?.length ?? 0);
  } catch (error) {
    return backendFailure(error);
  }
}

const now = () => new Date().toISOString();

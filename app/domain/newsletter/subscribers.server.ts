import type { Page } from "~/domain/admin/pagination";
import { backendFailure, changedOne, fetchPage, searchFilter } from "~/domain/admin/queries.server";
import type { Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";

/** The admin's subscriber list, read and changed with the admin's own client (RLS). */
export type Subscriber = Pick<
  Tables<"newsletter_subscribers">,
  "id" | "email" | "status" | "created_at" | "confirmed_at" | "unsubscribed_at"
>;

export const SUBSCRIBER_STATUSES = ["confirmed", "pending", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export function subscriberStatus(raw: string | null | undefined): SubscriberStatus | null {
  return SUBSCRIBER_STATUSES.find((status) => status === raw) ?? null;
}

const COLUMNS = "id, email, status, created_at, confirmed_at, unsubscribed_at";
const EXPORT_BATCH = 1000;

export function listSubscribers(
  supabase: AppSupabase,
  query: { search: string; status: SubscriberStatus | null; page: number },
): Promise<Result<Page<Subscriber>>> {
  let request = supabase.from("newsletter_subscribers").select(COLUMNS, { count: "exact" });
  if (query.status) request = request.eq("status", query.status);
  if (query.search) request = request.or(searchFilter(["email"], query.search));
  return fetchPage(
    request.order("created_at", { ascending: false }).order("id", { ascending: false }),
    query.page,
  );
}

export function removeSubscriber(supabase: AppSupabase, id: number): Promise<Result> {
  return changedOne(
    () => supabase.from("newsletter_subscribers").delete().eq("id", id).select("id"),
    "That subscriber is no longer on the list.",
  );
}

/** Every subscriber (or those of one status), newest first, read in batches. */
export async function exportSubscribers(
  supabase: AppSupabase,
  status: SubscriberStatus | null,
): Promise<Result<Pick<Subscriber, "email" | "created_at" | "status">[]>> {
  const rows: Pick<Subscriber, "email" | "created_at" | "status">[] = [];
  try {
    for (let from = 0; ; from += EXPORT_BATCH) {
      let request = supabase.from("newsletter_subscribers").select("email, created_at, status");
      if (status) request = request.eq("status", status);
      const { data, error } = await request
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .range(from, from + EXPORT_BATCH - 1);
      if (error) return backendFailure(error);
      rows.push(...(data ?? []));
      if ((data?.length ?? 0) < EXPORT_BATCH) return ok(rows);
    }
  } catch (error) {
    return backendFailure(error);
  }
}

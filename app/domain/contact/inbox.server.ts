import type { Page } from "~/domain/admin/pagination";
import { backendFailure, changedOne, fetchPage, searchFilter } from "~/domain/admin/queries.server";
import { serviceTitles } from "~/domain/site/service-titles.server";
import { isLocale } from "~/i18n/locale";
import type { AppSupabase } from "~/infra/supabase.server";
import { phoneOf } from "~/lib/phone";
import { fail, ok, type Result } from "~/lib/result";
import type { InboxMessage, InboxRow, InboxStatus } from "./inbox";

/**
 * The admin inbox: every contact message, read and changed with the admin's own client (RLS lets
 * only admins see others' messages, change their status or delete them).
 */
const ROW_COLUMNS = "id, name, email, message, service, status, created_at";
const MESSAGE_COLUMNS = `${ROW_COLUMNS}, user_id, handled_at, handled_by, phone, locale, page`;
const GONE = "That message no longer exists.";

export interface InboxQuery {
  status: InboxStatus | null;
  search: string;
  page: number;
}

/** Rows with the name of the service each asked about. */
async function titled<Row extends { service: string | null }>(
  rows: Row[],
): Promise<(Row & { serviceTitle: string | null })[]> {
  const titleOf = await serviceTitles();
  return rows.map((row) => ({ ...row, serviceTitle: titleOf(row.service) }));
}

/** Newest first, 25 a page, with the exact total; filtered by status and a search. */
export async function listInbox(
  supabase: AppSupabase,
  query: InboxQuery,
): Promise<Result<Page<InboxRow>>> {
  let request = supabase.from("contact_messages").select(ROW_COLUMNS, { count: "exact" });
  if (query.status) request = request.eq("status", query.status);
  if (query.search) request = request.or(searchFilter(["name", "email", "message"], query.search));
  const page = await fetchPage(
    request.order("created_at", { ascending: false }).order("id", { ascending: false }),
    query.page,
  );
  return page.ok ? ok({ ...page.value, rows: await titled(page.value.rows) }) : page;
}

/** The five newest messages (the overview). */
export async function newestMessages(
  supabase: AppSupabase,
  limit = 5,
): Promise<Result<InboxRow[]>> {
  try {
    const { data, error } = await supabase
      .from("contact_messages")
      .select(ROW_COLUMNS)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(limit);
    return error ? backendFailure(error) : ok(await titled(data ?? []));
  } catch (error) {
    return backendFailure(error);
  }
}

export async function getInboxMessage(
  supabase: AppSupabase,
  id: number,
): Promise<Result<InboxMessage>> {
  try {
    const { data, error } = await supabase
      .from("contact_messages")
      .select(MESSAGE_COLUMNS)
      .eq("id", id)
      .maybeSingle();
    if (error) return backendFailure(error);
    if (!data) return fail("not-found", GONE);
    const [message] = await titled([
      {
        ...data,
        phone: phoneOf(data.phone),
        locale: isLocale(data.locale) ? data.locale : null,
        sender: data.user_id ? await accountName(supabase, data.user_id) : null,
      },
    ]);
    return ok(message as InboxMessage);
  } catch (error) {
    return backendFailure(error);
  }
}

/** The name and address of the account a message came from (null when it is gone). */
async function accountName(supabase: AppSupabase, userId: string) {
  const { data, error } = await supabase.rpc("admin_account_name", { p_user_id: userId });
  const account = error ? undefined : data?.[0];
  return account ? { name: account.full_name || account.email, email: account.email } : null;
}

/** New → handled (stamped with who and when by the database), back to new, or archived. */
export function setMessageStatus(
  supabase: AppSupabase,
  id: number,
  status: InboxStatus,
): Promise<Result> {
  return changedOne(
    () => supabase.from("contact_messages").update({ status }).eq("id", id).select("id"),
    GONE,
  );
}

export function deleteMessage(supabase: AppSupabase, id: number): Promise<Result> {
  return changedOne(
    () => supabase.from("contact_messages").delete().eq("id", id).select("id"),
    GONE,
  );
}

/** A message id from the URL, or null. */
export function parseMessageId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

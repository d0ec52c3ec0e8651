import { z } from "zod";
import { failWith } from "~/i18n/failures.server";
import type { Translator } from "~/i18n/translate.server";
import type { Database } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";

/**
 * A project's message thread (20261218000001_project_messages.sql), read and written as the
 * caller: the client's owners and members, the staff assigned to the client and the admins
 * write in it; the database sets who wrote, their side and when, checks the body (1..5 000
 * characters) and that an attachment is a file of the client's folder. Nobody edits a message.
 */
export const MESSAGE_MAX = 5000;
/** A page shows the newest this many messages of a thread (oldest first). */
export const MESSAGES_SHOWN = 200;

export type MessageSide = "agency" | "client";

export interface MessageRow {
  id: number;
  body: string;
  attachment_path: string | null;
  author_name: string;
  author_side: MessageSide;
  created_at: string;
}

/** The thread of a project the caller may read, oldest first (none of a project they may not). */
export async function projectMessages(
  supabase: AppSupabase,
  projectId: number,
): Promise<Result<MessageRow[]>> {
  const { data, error } = await supabase
    .from("project_messages")
    .select("id, body, attachment_path, author_name, author_side, created_at")
    .eq("project_id", projectId)
    .order("id", { ascending: false })
    .limit(MESSAGES_SHOWN);
  if (error) return backendFailure(error);
  return ok(
    (data ?? []).reverse().map((row) => ({ ...row, author_side: row.author_side as MessageSide })),
  );
}

/** The message form's fields: its text, and optionally one of the project's files. */
export function messageSchema(t: Translator) {
  return z.object({
    intent: z.literal("message"),
    message: z
      .string({ error: t("thread.bodyRequired") })
      .trim()
      .min(1, { error: t("thread.bodyRequired") })
      .max(MESSAGE_MAX, { error: t("thread.bodyTooLong") }),
    attachment: z
      .string()
      .trim()
      .max(1024, { error: t("thread.attachmentInvalid") })
      .optional(),
  });
}
export type MessageInput = z.output<ReturnType<typeof messageSchema>>;

/**
 * Writes a message as the caller. A project they may not write in answers not-found (row-level
 * security refuses the row as for a project that does not exist); an attachment the database
 * refuses, `invalid` with the field named.
 */
export async function postMessage(
  supabase: AppSupabase,
  projectId: number,
  input: { message: string; attachment?: string },
): Promise<Result<undefined> & { field?: "attachment" | "message" }> {
  // The organisation, the author and their side are set by a trigger (nobody may send them).
  const row = {
    project_id: projectId,
    body: input.message,
    attachment_path: input.attachment || null,
  } as Database["public"]["Tables"]["project_messages"]["Insert"];
  const { error } = await supabase.from("project_messages").insert(row);
  if (!error) return ok();
  if (error.code === "42501") return failWith("not-found", "thread.notFound");
  if (error.code === "23514" && error.hint === "rate") {
    return { ...failWith("limited", "thread.tooMany"), field: "message" };
  }
  if (error.code === "23514" && error.hint === "attachment") {
    return { ...failWith("invalid", "thread.attachmentInvalid"), field: "attachment" };
  }
  if (error.code === "23514") return failWith("invalid", "thread.bodyTooLong");
  return backendFailure(error);
}

/** The caller has read the thread up to now (nothing for a project they may not read). */
export async function markThreadRead(supabase: AppSupabase, projectId: number): Promise<Result> {
  const { error } = await supabase.rpc("mark_messages_read", { p_project: projectId });
  if (error) return backendFailure(error);
  return ok();
}

/** Unread messages per project of `projectIds` for the caller: one request for the whole list. */
export async function unreadCounts(
  supabase: AppSupabase,
  projectIds: readonly number[],
): Promise<Result<Map<number, number>>> {
  if (projectIds.length === 0) return ok(new Map());
  const { data, error } = await supabase.rpc("unread_message_counts", {
    p_projects: [...projectIds],
  });
  if (error) return backendFailure(error);
  return ok(new Map((data ?? []).map((row) => [row.project_id, row.unread])));
}

/** Unread messages per client of `organisationIds` for the caller (the agency's list): one request. */
export async function unreadByOrganisation(
  supabase: AppSupabase,
  organisationIds: readonly string[],
): Promise<Result<Map<string, number>>> {
  if (organisationIds.length === 0) return ok(new Map());
  const { data, error } = await supabase.rpc("unread_messages_by_organisation", {
    p_organisations: [...organisationIds],
  });
  if (error) return backendFailure(error);
  return ok(new Map((data ?? []).map((row) => [row.organisation_id, row.unread])));
}

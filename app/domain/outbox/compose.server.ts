import { findServiceTitle } from "~/content/services";
import { confirmationMail } from "~/domain/newsletter/consent.server";
import type { Tables } from "~/infra/database.types";
import { env, siteUrl } from "~/infra/env.server";
import type { OutgoingMail } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";

/** What each kind of outbox row sends; null when its row is gone (nothing left to send). */
export type OutboxRow = Pick<Tables<"mail_outbox">, "id" | "kind" | "ref_id" | "attempts">;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

/** The agency's notice of a new contact message (Reply-To: the sender). */
export function contactNotification(
  message: Pick<
    Tables<"contact_messages">,
    "id" | "name" | "email" | "message" | "service" | "created_at" | "user_id"
  >,
): OutgoingMail {
  const link = `${siteUrl()}/admin/messages/${message.id}`;
  const service = message.service ? (findServiceTitle(message.service) ?? message.service) : null;
  const lines = [
    `From: ${oneLine(message.name)} <${oneLine(message.email)}>`,
    `Sent: ${message.created_at}${message.user_id ? " (signed-in account)" : ""}`,
    ...(service ? [`Service: ${service}`] : []),
    "",
    message.message,
    "",
    `Open it in the inbox: ${link}`,
  ];
  return {
    to: env().CONTACT_EMAIL,
    subject: `New message from ${oneLine(message.name).slice(0, 100)}`,
    text: `${lines.join("\n")}\n`,
    links: [link],
    headers: { "Reply-To": oneLine(message.email) },
  };
}

export async function composeMail(
  service: AppSupabase,
  row: OutboxRow,
): Promise<Result<OutgoingMail | null>> {
  if (row.kind === "contact_notification") {
    const { data, error } = await service
      .from("contact_messages")
      .select("id, name, email, message, service, created_at, user_id")
      .eq("id", row.ref_id)
      .maybeSingle();
    if (error) return fail("backend", error.message);
    return ok(data ? contactNotification(data) : null);
  }
  if (row.kind === "newsletter_confirmation") {
    const { data, error } = await service
      .from("newsletter_subscribers")
      .select("id, email, status, lang")
      .eq("id", row.ref_id)
      .maybeSingle();
    if (error) return fail("backend", error.message);
    if (!data || data.status === "confirmed") return ok(null);
    await service
      .from("newsletter_subscribers")
      .update({ confirmation_sent_at: new Date().toISOString() })
      .eq("id", data.id);
    return ok(confirmationMail(data, env().BRAND_NAME));
  }
  return fail("invalid", `Unknown outbox kind ${row.kind}`);
}

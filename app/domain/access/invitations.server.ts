import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { emailField } from "~/domain/email-field.server";
import { getSiteConfig } from "~/domain/site/config.server";
import { isLocale, LOCALES, type Locale } from "~/i18n/locale";
import { perLocale, type Translator, translate } from "~/i18n/translate.server";
import type { OutgoingMail } from "~/infra/mail.server";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import { type Failure, fail, ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";
import {
  invitationSignatureMatches,
  invitationUrl,
  readInvitationToken,
} from "./invitation-links.server";
import type { MemberRole } from "./permissions";

/**
 * Invitations into a client organisation (supabase/migrations/20261210000001_invitations.sql):
 * made by whoever the permission table lets invite there, mailed through the outbox in the
 * invitee's language, accepted once within 7 days by the person whose confirmed address was
 * invited. The link's signature is checked here; what the row says (used, expired) is the
 * database's.
 */
export const INVITATION_DAYS = 7;

/**
 * The form of a client's page: `invite` (address, role, language of the mail), `withdraw` (a
 * waiting invitation's id) or `remove` (a person's user id). One object, as every form schema of the site: each intent's fields
 * are required by the refinement, so a missing one is worded under its field.
 */
export const invitationActionSchema = perLocale((t: Translator) =>
  z
    .object({
      intent: z.enum(["invite", "withdraw", "remove"]),
      email: emailField({
        required: t("invitations.emailRequired"),
        invalid: t("invitations.emailInvalid"),
        tooLong: t("invitations.emailInvalid"),
      }).optional(),
      role: z.enum(["member", "owner"], { error: t("invitations.roleInvalid") }).optional(),
      language: z.enum(LOCALES, { error: t("invitations.languageInvalid") }).optional(),
      invitation: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      person: z.string().max(64).optional(),
    })
    .superRefine((value, context) => {
      const missing = (path: string, message: string) =>
        context.addIssue({ code: "custom", path: [path], message });
      if (value.intent === "withdraw") {
        if (!value.invitation) missing("invitation", "Unknown invitation");
        return;
      }
      if (value.intent === "remove") {
        if (!value.person) missing("person", t("adminClients.notMember"));
        return;
      }
      if (!value.email) missing("email", t("invitations.emailRequired"));
      if (!value.role) missing("role", t("invitations.roleInvalid"));
      if (!value.language) missing("language", t("invitations.languageInvalid"));
    }),
);

export interface InviteInput {
  organisationId: string;
  email: string;
  role: MemberRole;
  language: Locale;
}

/** The failure of an invitation the database refused, worded for the form. */
function refusal(error: { code?: string; message?: string; hint?: string | null }): Failure {
  const worded = (
    kind: Failure["kind"],
    key: "alreadyMember" | "addressToday" | "tooManyPending",
  ) => ({
    ...fail(kind, translate("en", `invitations.${key}`)),
    key: `invitations.${key}` as const,
  });
  if (error.hint === "already_member") return worded("conflict", "alreadyMember");
  if (error.hint === "address_today") return worded("limited", "addressToday");
  if (error.hint === "pending") return worded("limited", "tooManyPending");
  return backendFailure(error);
}

/** Invites a person (public.invite_to_organisation, as the signed-in caller); the new id. */
export async function inviteToOrganisation(
  supabase: AppSupabase,
  input: InviteInput,
): Promise<Result<number>> {
  try {
    const { data, error } = await supabase.rpc("invite_to_organisation", {
      p_organisation: input.organisationId,
      p_email: input.email,
      p_role: input.role,
      p_language: input.language,
    });
    if (error) return refusal(error);
    return ok(Number(data));
  } catch (error) {
    return backendFailure(error);
  }
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: MemberRole;
  language: Locale;
  expires_at: string;
}

/** An organisation's invitations not yet accepted (expired ones too, marked by their date). */
export async function pendingInvitations(
  supabase: AppSupabase,
  organisationId: string,
): Promise<Result<PendingInvitation[]>> {
  const { data, error } = await supabase
    .from("organisation_invitations")
    .select("id, email, role, language, expires_at")
    .eq("organisation_id", organisationId)
    .is("accepted_at", null)
    .order("created_at", { ascending: false })
    .limit(100);
  if (error) return backendFailure(error);
  return ok((data ?? []) as PendingInvitation[]);
}

/** Withdraws a pending invitation (its link stops working); not-found when there is none. */
export async function withdrawInvitation(
  supabase: AppSupabase,
  organisationId: string,
  id: number,
): Promise<Result> {
  const { data, error } = await supabase
    .from("organisation_invitations")
    .delete()
    .eq("organisation_id", organisationId)
    .eq("id", id)
    .is("accepted_at", null)
    .select("id");
  if (error) return backendFailure(error);
  if (!data?.length) return fail("not-found", "That invitation is no longer waiting.");
  return ok();
}

type Row = {
  id: number;
  organisation_id: string;
  email: string;
  role: string;
  language: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
};

/** An invitation row by id, read with the service role (the link's reader may be anyone). */
async function invitationRow(service: AppSupabase, id: number): Promise<Result<Row | null>> {
  const { data, error } = await service
    .from("organisation_invitations")
    .select("id, organisation_id, email, role, language, created_at, expires_at, accepted_at")
    .eq("id", id)
    .maybeSingle();
  if (error) return backendFailure(error);
  return ok(data as Row | null);
}

async function organisationName(service: AppSupabase, id: string): Promise<string> {
  const { data } = await service.from("organisations").select("name").eq("id", id).maybeSingle();
  return data?.name ?? "";
}

export type InvitationState = "pending" | "expired" | "used" | "invalid";

export interface InvitationView {
  state: InvitationState;
  /** Set for a genuine link (not for "invalid"). */
  organisationName?: string;
  email?: string;
  role?: MemberRole;
  expiresAt?: string;
}

function unavailable(): Failure {
  return fail("unavailable", "Invitations cannot be read right now.");
}

/** What a link leads to: a genuine invitation's state, or "invalid" (malformed, forged, gone). */
export async function findInvitation(
  token: string | undefined,
  now = Date.now(),
): Promise<Result<InvitationView>> {
  const parts = readInvitationToken(token);
  if (!parts) return ok({ state: "invalid" });
  const service = serviceRoleClient();
  if (!service) return unavailable();
  const row = await invitationRow(service, parts.id);
  if (!row.ok) return row;
  if (!row.value || !invitationSignatureMatches(parts.signature, row.value)) {
    return ok({ state: "invalid" });
  }
  const invitation = row.value;
  const state: InvitationState = invitation.accepted_at
    ? "used"
    : Date.parse(invitation.expires_at) <= now
      ? "expired"
      : "pending";
  return ok({
    state,
    organisationName: await organisationName(service, invitation.organisation_id),
    email: invitation.email,
    role: invitation.role === "owner" ? "owner" : "member",
    expiresAt: invitation.expires_at,
  });
}

export type AcceptAnswer =
  | { status: "accepted"; organisationId: string; name: string }
  | { status: "invalid" | "used" | "expired" | "other_email" };

const acceptSchema = z.union([
  z.object({ status: z.literal("accepted"), organisation_id: z.string(), name: z.string() }),
  z.object({ status: z.enum(["missing", "used", "expired", "other_email"]) }),
]);

/** Makes the signed-in user a member through the link, once (public.accept_invitation). */
export async function acceptInvitation(
  token: string | undefined,
  userId: string,
): Promise<Result<AcceptAnswer>> {
  const found = await findInvitation(token);
  if (!found.ok) return found;
  if (found.value.state === "invalid") return ok({ status: "invalid" });
  const service = serviceRoleClient();
  const parts = readInvitationToken(token);
  if (!service || !parts) return unavailable();
  // Granted to the service role only, so not in the generated types (read as the caller).
  const untyped = service as unknown as Pick<SupabaseClient, "rpc">;
  const { data, error } = await untyped.rpc("accept_invitation", {
    p_id: parts.id,
    p_user: userId,
  });
  if (error) return backendFailure(error);
  const answer = acceptSchema.safeParse(data);
  if (!answer.success) return backendFailure(new Error("Unexpected answer from accept_invitation"));
  const value = answer.data;
  if (value.status === "accepted") {
    return ok({ status: "accepted", organisationId: value.organisation_id, name: value.name });
  }
  return ok({ status: value.status === "missing" ? "invalid" : value.status });
}

/** The invitation's mail, in its language; null when nothing is left to send (gone, used). */
export async function invitationMail(
  service: AppSupabase,
  id: number,
): Promise<Result<OutgoingMail | null>> {
  const row = await invitationRow(service, id);
  if (!row.ok) return row;
  const invitation = row.value;
  if (!invitation || invitation.accepted_at) return ok(null);
  const locale: Locale = isLocale(invitation.language) ? invitation.language : "en";
  const [organisation, site] = await Promise.all([
    organisationName(service, invitation.organisation_id),
    getSiteConfig(locale),
  ]);
  const link = invitationUrl(invitation, locale);
  const values = {
    brand: site.brandName,
    organisation,
    role: translate(
      locale,
      invitation.role === "owner" ? "invitations.owner" : "invitations.member",
    ),
    link,
    days: INVITATION_DAYS,
  };
  return ok({
    to: invitation.email,
    subject: translate(locale, "invitations.mailSubject", values),
    text: translate(locale, "invitations.mailText", values),
    links: [link],
  });
}

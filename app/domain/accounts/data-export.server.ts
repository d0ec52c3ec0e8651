import type { User } from "@supabase/supabase-js";
import type { AppSupabase } from "~/infra/supabase.server";

/**
 * "Download my data" (Kenya Data Protection Act, 2019, s. 26: the right of access): everything
 * the site holds about the signed-in person, as one JSON document. What is theirs is read with
 * their own client, so row-level security decides exactly as it does on their pages. The
 * service role reads only where RLS hides rows that are the person's own: the newsletter list
 * (RLS shows it to admins alone; a subscription is kept by address, not by account), and what
 * they wrote or decided in a client organisation they have since left (RLS shows a project's
 * thread, decisions and quotes to the organisation's current people only) — each filtered by
 * the verified user's id. Each list holds at most EXPORT_LIST_CAP rows, the newest first;
 * `truncated` names the lists that had more.
 */
export const EXPORT_LIST_CAP = 500;

type Rows = Record<string, unknown>[];

/** An `ilike` pattern matching `text` exactly, whatever its case (newsletter addresses). */
export function exactly(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface ListRead {
  data: Rows | null;
  error: { message: string } | null;
}

/** The lists of the document, each read newest first and capped one row over (to tell). */
function lists(supabase: AppSupabase, authored: AppSupabase, userId: string) {
  const cap = EXPORT_LIST_CAP + 1;
  return {
    // Own messages, also those sent before signing up from the confirmed address (RLS).
    contactMessages: supabase
      .from("contact_messages")
      .select("id, name, email, phone, message, service, page, locale, status, created_at")
      .order("created_at", { ascending: false })
      .limit(cap),
    organisationMemberships: supabase
      .from("organisation_members")
      .select("organisation_id, role, created_at")
      .eq("user_id", userId)
      .order("created_at", { ascending: false })
      .limit(cap),
    // Authored or decided by them, also in an organisation they left (see above).
    projectMessages: authored
      .from("project_messages")
      .select("id, project_id, organisation_id, body, attachment_path, author_name, created_at")
      .eq("author_id", userId)
      .order("id", { ascending: false })
      .limit(cap),
    deliverableDecisions: authored
      .from("deliverable_decisions")
      .select("id, version_id, organisation_id, decision, reason, decider_name, decided_at")
      .eq("decided_by", userId)
      .order("id", { ascending: false })
      .limit(cap),
    acceptedOrDeclinedQuotes: authored
      .from("quotes")
      .select("id, number, title, organisation_id, status, signature_name, decided_at")
      .eq("decided_by", userId)
      .order("id", { ascending: false })
      .limit(cap),
    // Payments of the person's organisations, as their invoices page shows them (RLS).
    payments: supabase
      .from("payments")
      .select("id, organisation_id, method, amount_cents, payer, mpesa_receipt, received_at")
      .order("id", { ascending: false })
      .limit(cap),
  };
}

/** Each membership with its organisation's name (read as the person: RLS shows their own). */
async function withNames(supabase: AppSupabase, memberships: Rows): Promise<Rows> {
  const ids = memberships.map((row) => String(row.organisation_id));
  if (ids.length === 0) return memberships;
  const { data } = await supabase.from("organisations").select("id, name").in("id", ids);
  const names = new Map((data ?? []).map((row) => [row.id, row.name]));
  return memberships.map((row) => ({
    ...row,
    organisation_name: names.get(String(row.organisation_id)) ?? null,
  }));
}

export interface DataExport {
  document: Record<string, unknown>;
  fileName: string;
}

/** The document of `user` (as getUser() verified it); `today` names the file. */
export async function exportPersonalData(
  supabase: AppSupabase,
  service: AppSupabase | null,
  user: User,
  today = new Date().toISOString().slice(0, 10),
): Promise<DataExport> {
  const email = user.email ?? "";
  const reads = lists(supabase, service ?? supabase, user.id);
  const names = Object.keys(reads) as (keyof typeof reads)[];
  const answers = (await Promise.all(names.map((name) => reads[name]))) as ListRead[];
  // The newsletter list by the account's address (RLS shows it to admins only, see above).
  const newsletter = service
    ? await service
        .from("newsletter_subscribers")
        .select("email, status, lang, created_at, confirmed_at, unsubscribed_at")
        .ilike("email", exactly(email))
        .limit(1)
    : null;
  const truncated: string[] = [];
  const unavailable: string[] = [];
  const data: Record<string, Rows> = {};
  names.forEach((name, index) => {
    const answer = answers[index];
    if (!answer || answer.error) unavailable.push(name);
    const rows = answer?.data ?? [];
    if (rows.length > EXPORT_LIST_CAP) truncated.push(name);
    data[name] = rows.slice(0, EXPORT_LIST_CAP);
  });
  if (!newsletter || newsletter.error) unavailable.push("newsletterSubscription");
  data.organisationMemberships = await withNames(supabase, data.organisationMemberships ?? []);
  return {
    fileName: `my-data-${today}.json`,
    document: {
      about:
        "Everything this site holds about your account, as of the date below. Each list holds " +
        `at most ${EXPORT_LIST_CAP} entries, the newest first; "truncated" names the lists that ` +
        'had more (ask us for the rest), "unavailable" those that could not be read just now.',
      exportedAt: new Date().toISOString(),
      limits: { entriesPerList: EXPORT_LIST_CAP, truncated, unavailable },
      account: {
        id: user.id,
        email,
        emailConfirmedAt: user.email_confirmed_at ?? null,
        createdAt: user.created_at,
        lastSignInAt: user.last_sign_in_at ?? null,
        metadata: user.user_metadata ?? {},
      },
      newsletterSubscription: newsletter?.data?.[0] ?? null,
      ...data,
    },
  };
}

import { data } from "react-router";
import {
  agencyToday,
  billingDefaults,
  idOf,
  type QuoteWithLines,
  quoteById,
  saveDraft,
} from "~/domain/billing/quotes.server";
import { sendAndMail } from "~/domain/billing/quotes-decide.server";
import {
  centsText,
  checkQuote,
  editorFieldNames,
  intentOf,
  MAX_LINES,
  rateText,
  type TypedQuote,
  typedQuote,
} from "~/domain/billing/quotes-form.server";
import { quoteInvoices, quoteView } from "~/domain/billing/quotes-view.server";
import { localizeFailure } from "~/i18n/failures.server";
import { bundle, translator } from "~/i18n/translate.server";
import { readForm, simpleRules } from "~/infra/forms.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { type AdminArgs, adminLoad } from "~/web/admin-form.server";
import { STATUS_OF } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/quote";

/**
 * /admin/quotes/:id: a draft's editor (title, language, validity, terms, deposit and its lines,
 * added and removed by plain POSTs), its Send button; a sent quote read as its client reads it,
 * with their answer. Totals are the database's (computed per line, rounded half away from zero).
 */

/** What the editor's form answers when it does not redirect: the form as typed, its problems. */
export interface EditorReply {
  typed: TypedQuote;
  errors: Record<string, string[]>;
  formError: string | null;
}

async function requireQuote(supabase: AppSupabase, args: AdminArgs): Promise<QuoteWithLines> {
  const found = await quoteById(supabase, idOf(args.params.id));
  if (!found.ok) {
    throw data({ message: found.message }, { status: found.kind === "not-found" ? 404 : 502 });
  }
  return found.value;
}

/** A stored draft as the form shows it. */
function typedOf({ quote, lines }: QuoteWithLines): TypedQuote {
  return {
    title: quote.title,
    language: quote.language,
    valid_until: quote.valid_until,
    terms: quote.terms,
    deposit_percent: String(quote.deposit_percent),
    lines: lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      price: centsText(line.unit_price_cents),
      vat: rateText(line.vat_rate_bp),
    })),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const found = await requireQuote(supabase, args);
  const { vatRateBp } = await billingDefaults(supabase);
  return {
    view: quoteView(found, t),
    // What an acceptance opened, to follow from here: its deposit invoice.
    invoices:
      found.quote.status === "accepted"
        ? await quoteInvoices(
            supabase,
            found.quote.id,
            t,
            (invoice) => `/admin/invoices/${invoice.id}`,
          )
        : [],
    typed: found.quote.status === "draft" ? typedOf(found) : null,
    defaultVat: rateText(vatRateBp),
    maxLines: MAX_LINES,
    i18n: bundle(t.locale, ["quotes"]),
  };
}

function answer(reply: EditorReply, status = 200) {
  return data(reply, { status });
}

export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const supabase = getSupabase(args.context);
  const found = await requireQuote(supabase, args);
  const here = `/admin/quotes/${found.quote.id}`;
  const read = await readForm(args.request, simpleRules(editorFieldNames(), 4001));
  if (!read.ok) return answer({ typed: typedOf(found), errors: {}, formError: read.message }, 400);
  const typed = typedQuote(read.formData);
  const intent = intentOf(read.formData);
  const { vatRateBp } = await billingDefaults(supabase);
  if (intent.kind === "add") {
    const full = typed.lines.length >= MAX_LINES;
    const blank = { description: "", quantity: "1", price: "", vat: rateText(vatRateBp) };
    return answer({
      typed: full ? typed : { ...typed, lines: [...typed.lines, blank] },
      errors: {},
      formError: full ? t("quotes.editor.tooManyLines", { max: MAX_LINES }) : null,
    });
  }
  if (intent.kind === "remove") {
    const lines = typed.lines.filter((_, index) => index !== intent.index);
    return answer({ typed: { ...typed, lines }, errors: {}, formError: null });
  }
  if (intent.kind === "unknown") {
    return answer({ typed, errors: {}, formError: t("quotes.editor.intentInvalid") }, 400);
  }
  if (found.quote.status !== "draft") {
    return answer({ typed, errors: {}, formError: t("quotes.editor.notDraft") }, 409);
  }
  const today = agencyToday();
  const checked = checkQuote(typed, t, today);
  if (!checked.ok) return answer({ typed, errors: checked.errors, formError: null }, 400);
  const saved = await saveDraft(supabase, found.quote.id, checked.value);
  if (!saved.ok) {
    const failure = localizeFailure(saved, t);
    return answer({ typed, errors: {}, formError: failure.message }, STATUS_OF[failure.kind]);
  }
  if (intent.kind === "save") {
    return redirectWithToast(here, { type: "success", title: t("quotes.editor.saved") });
  }
  if (checked.value.lines.length === 0) {
    return answer({ typed, errors: {}, formError: t("quotes.editor.sendEmpty") }, 400);
  }
  const sent = await sendAndMail(
    supabase,
    {
      id: found.quote.id,
      organisation_id: found.quote.organisation_id,
      language: checked.value.language,
    },
    today,
  );
  if (!sent.ok) {
    const failure = localizeFailure(sent, t);
    return answer({ typed, errors: {}, formError: failure.message }, STATUS_OF[failure.kind]);
  }
  return redirectWithToast(here, {
    type: "success",
    title: t("quotes.editor.sent", { number: sent.value }),
  });
}

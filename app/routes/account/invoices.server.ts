import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { organisationInvoices } from "~/domain/billing/client-invoices.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { adminLoad } from "~/web/admin-form.server";
import type { Route } from "./+types/invoices";

/** The organisation the caller may read, or 404 (another client's, a made-up id). */
export async function clientOrganisation(supabase: AppSupabase, id: string | undefined) {
  const organisation = await organisationById(supabase, id);
  if (!organisation.ok) {
    const status = organisation.kind === "not-found" ? 404 : 502;
    throw data({ message: organisation.message }, { status });
  }
  return organisation.value;
}

/**
 * /organisations/:organisationId/invoices: the organisation's issued invoices and credit notes
 * for its people, each with what is paid and left and its status (overdue in the agency's zone).
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const organisation = await clientOrganisation(supabase, args.params.organisationId);
  const invoices = await organisationInvoices(supabase, organisation.id);
  return {
    organisation,
    invoices: invoices.ok ? invoices.value : null,
    error: invoices.ok ? null : invoices.message,
    i18n: bundle(t.locale, ["clientInvoices", "invoiceDocument"]),
  };
}

import { isNewcomer } from "~/domain/accounts/newcomer";
import { toSessionUser } from "~/domain/accounts/session-user";
import { invoicesToPayTexts } from "~/domain/billing/client-invoices.server";
import { listOwnMessages } from "~/domain/contact/messages.server";
import { parseSurvey, type Survey } from "~/domain/onboarding/survey";
import { withUnread } from "~/domain/portal/message-view.server";
import { unreadByOrganisation } from "~/domain/portal/messages.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { getSupabase } from "~/web/session.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/dashboard";

/**
 * GET /dashboard: the user's own details, the client organisations they belong to, survey
 * answers and contact messages; beside each organisation, the messages of its projects' threads
 * the person has not read (one request for them all) and the invoices waiting for money.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user, isAdmin, agencyRole, memberships } = args.context.get(viewerContext);
  const supabase = getSupabase(args.context);
  const locale = localeOf(args.url);
  const organisationIds = memberships.map((m) => m.organisationId);
  const [messages, invoicesToPay, unread] = await Promise.all([
    listOwnMessages(supabase),
    invoicesToPayTexts(supabase, organisationIds, translator(locale)),
    unreadByOrganisation(supabase, organisationIds),
  ]);
  const rawSurvey = user.user_metadata?.survey;
  const survey: Survey | null =
    rawSurvey && typeof rawSurvey === "object" ? parseSurvey(rawSurvey) : null;
  return {
    user: toSessionUser(user),
    // Welcomed, not "welcomed back", on the first day of an account.
    newcomer: isNewcomer(user.created_at),
    survey,
    messages: messages.ok ? messages.value : [],
    messagesError: messages.ok ? null : messages.message,
    isAdmin,
    // Staff open their clients' money pages in the admin area (app/web/staff-pages.ts).
    isStaff: agencyRole === "staff",
    memberships: withUnread(
      memberships.map((m) => ({ ...m, id: m.organisationId })),
      unread.ok ? unread.value : new Map(),
      locale,
    ),
    invoicesToPay,
    i18n: pageI18n(args.url, ["meta.dashboardDescription"]).i18n,
  };
}

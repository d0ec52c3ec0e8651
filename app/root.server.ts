import type { User } from "@supabase/supabase-js";
import { data } from "react-router";
import { toSessionUser } from "~/domain/accounts/session-user";
import { startJobs } from "~/domain/jobs/jobs.server";
import { readOnboarding } from "~/domain/onboarding/progress.server";
import type { OnboardingState } from "~/domain/onboarding/survey";
import { siteConfigOf } from "~/domain/site/config.server";
import type { SiteContent } from "~/domain/site/content.server";
import { siteContent } from "~/domain/site/snapshot.server";
import {
  alternatePaths,
  type Locale,
  localeFromPath,
  localizePath,
  stripLocale,
} from "~/i18n/locale";
import { bundle, translate } from "~/i18n/translate.server";
import { bannerDismissed } from "~/infra/cookies.server";
import { honeypotInputProps as honeypotProps } from "~/infra/forms.server";
import { languageSuggestionOf } from "~/infra/language-suggestion";
import { keepAdminPass } from "~/web/admin-pass.server";
import { getAuthUser } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import { supabaseMiddleware } from "~/web/supabase-middleware.server";
import { getToast } from "~/web/toast.server";
import type { Route } from "./+types/root";

/**
 * The jobs runner (the mail outbox's flush among its jobs) runs in every server process; the
 * server starts it at start-up and stops it at shutdown (server/site-server.ts), this starts it
 * under `npm run dev`, where no such server runs.
 */
const jobsMiddleware: Route.MiddlewareFunction = (_args, next) => {
  startJobs();
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [
  jobsMiddleware,
  supabaseMiddleware,
  keepAdminPass,
];

/** The admin area has one address per page: its language is the admin's (the `lang` cookie). */
const ADMIN_PATH = /^\/admin(?:\/|$)/;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const locale = ADMIN_PATH.test(url.pathname)
    ? adminLocale(request)
    : localeFromPath(url.pathname);
  const [authUser, { toast, headers }, honeypotInputProps, content] = await Promise.all([
    getAuthUser(context),
    getToast(request),
    honeypotProps(),
    shellContent(locale),
  ]);
  const user = authUser ? toSessionUser(authUser) : null;
  const account = await getAccountShellData(request, authUser, url);
  const suggested = languageSuggestionOf(request);
  return data(
    {
      site: siteConfigOf(content?.settings, locale),
      user,
      toast,
      honeypotInputProps,
      ...account,
      locale,
      i18n: bundle(locale, user ? SIGNED_IN_SHELL : SHELL),
      alternates: alternatePaths(url.pathname),
      serviceLinks: content?.serviceLinks ?? [],
      suggestion: suggested ? suggestionIn(suggested) : null,
    },
    { headers },
  );
}

/**
 * The site content the shell shows (brand, contact details, the services in the footer). Every
 * page needs the shell, error pages included: without any content (the backend never answered
 * and nothing was saved) it shows the built-in details and no service links.
 */
async function shellContent(locale: Locale): Promise<SiteContent | undefined> {
  try {
    return await siteContent(locale);
  } catch {
    return undefined;
  }
}

/** The messages of the shell every page shows (header, footer, switcher, error screens). */
const SHELL = ["common", "nav", "footer", "language", "errors", "meta.homeTitle", "blog.feedTitle"];
/** …plus the e-mail banner and onboarding wizard of signed-in visitors. */
const SIGNED_IN_SHELL = [...SHELL, "account", "survey"];

/** The home page's suggestion, worded in the language it suggests. */
function suggestionIn(locale: Locale) {
  const say = (key: "suggestText" | "suggestSwitch" | "suggestDismiss" | "suggestLabel") =>
    translate(locale, `language.${key}`);
  const to = (lang: Locale) =>
    `/language?${new URLSearchParams({ lang, to: localizePath("/", lang) })}`;
  return {
    locale,
    label: say("suggestLabel"),
    text: say("suggestText"),
    switchLabel: say("suggestSwitch"),
    switchHref: to(locale),
    dismissLabel: say("suggestDismiss"),
    dismissHref: to("en"),
  };
}

export type LanguageSuggestion = ReturnType<typeof suggestionIn>;

export interface AccountShellData {
  /** The yellow "verify your e-mail" banner, for a signed-in unconfirmed user who kept it. */
  emailBanner: { email: string } | null;
  /** The onboarding wizard, for a signed-in user who has not finished it. */
  onboarding: OnboardingState | null;
}

/**
 * Pages the onboarding wizard never covers: choosing a new password, the legal pages, an
 * invitation (its person came to accept it), and the admin area (the survey is for clients; it
 * waits until they are elsewhere on the site).
 */
const NO_WIZARD =
  /^\/(?:reset-password|forgot-password|auth\/|logout|terms|privacy|invitations\/|admin(?:\/|$))/;

/** Extra root-loader data for the signed-in shell (e-mail banner, onboarding wizard). */
export async function getAccountShellData(
  request: Request,
  authUser: User | null,
  url: URL = new URL(request.url),
): Promise<AccountShellData> {
  if (!authUser) return { emailBanner: null, onboarding: null };
  const user = toSessionUser(authUser);
  // The survey is for clients: an admin never gets it, wherever they are.
  const isAdmin = authUser.app_metadata?.is_admin === true;
  const wizardAllowed = !isAdmin && !NO_WIZARD.test(stripLocale(url.pathname));
  return {
    emailBanner: !user.emailConfirmed && !bannerDismissed(request) ? { email: user.email } : null,
    onboarding:
      user.onboarded || !wizardAllowed
        ? null
        : await readOnboarding(request.headers.get("Cookie"), authUser),
  };
}

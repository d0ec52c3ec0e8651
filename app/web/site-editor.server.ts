import type { User } from "@supabase/supabase-js";
import { data } from "react-router";
import type { KindSpec } from "~/domain/site/editor/fields";
import { kindOfPath } from "~/domain/site/editor/kinds";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locale";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { announceContentChange, type ContentChange } from "~/infra/content-events";
import { COOKIES } from "~/infra/cookie-names";
import { readCookie } from "~/infra/cookies.server";
import { type FieldRules, simpleRules } from "~/infra/form-fields.server";
import { readForm } from "~/infra/forms.server";
import type { Failure } from "~/lib/result";
import type { Toast } from "~/lib/toast";
import type { AdminArgs } from "~/web/admin-form.server";
import { STATUS_OF } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { makeToast, redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";

/**
 * What the site editors' routes (site-list, site-edit, site-history) share on the server: the
 * admin's language, the kind of the URL, the guarded small forms and the answers.
 */

/** The admin's language: the `lang` cookie the language switcher sets (English without one). */
export function adminLocale(request: Request): Locale {
  const lang = readCookie(request, COOKIES.lang);
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The editors' messages in the admin's language, and the translator of the server side. */
export function editorLanguage(request: Request): {
  locale: Locale;
  t: Translator;
  i18n: ReturnType<typeof bundle>;
} {
  const locale = adminLocale(request);
  // The error summary's words too, so they follow the editor's language, not the shell's.
  const i18n = bundle(locale, ["siteEditor", "errors.summaryHeading", "errors.summaryItem"]);
  return { locale, t: translator(locale), i18n };
}

export function notFound(): never {
  throw data({ message: "Not found" }, { status: 404 });
}

/** The kind of `/admin/{kind}/…`; 404 for anything else. */
export function requireKind(url: URL): KindSpec {
  return kindOfPath(url.pathname) ?? notFound();
}

/**
 * The admin (the layout's viewer), their client, language and the kind of the URL.
 */
export async function siteEditorArgs(args: AdminArgs): Promise<{
  user: User;
  supabase: ReturnType<typeof getSupabase>;
  kind: KindSpec;
  locale: Locale;
  t: Translator;
}> {
  const { user } = args.context.get(viewerContext);
  const kind = requireKind(args.url);
  const { locale, t } = editorLanguage(args.request);
  return { user, supabase: getSupabase(args.context), kind, locale, t };
}

/** A small admin form (buttons, hidden ids): its fields, or the 400 answer. */
export async function readSmallForm(request: Request, names: Record<string, number>) {
  const rules: FieldRules = simpleRules(names, 100);
  const form = await readForm(request, rules);
  if (!form.ok) {
    return { answer: data<SiteReply>({ formError: form.message }, { status: 400 }) } as const;
  }
  const get = (name: string) => {
    const value = form.formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return { get, formData: form.formData } as const;
}

/** What a site editor's action answers when it does not redirect. */
export interface SiteReply {
  formError?: string | null;
  toast?: Toast;
}

/** A button this page does not have (a forged form): 400, nothing changed. */
export function unknownIntent(t: Translator) {
  return data<SiteReply>({ formError: t("siteEditor.errors.unknownAction") }, { status: 400 });
}

/** A failure as a toast on the same page, with the status of its kind. */
export function failedWithToast<Extra extends object>(failure: Failure, extra?: Extra) {
  const status = STATUS_OF[failure.kind];
  return data(
    { ...extra, toast: makeToast({ type: "error", title: failure.message }) },
    { status, headers: cacheHeaders("private") },
  );
}

/** Success: the content event (caches, snapshots), then back to `to` with a toast. */
export function doneWith(
  args: AdminArgs,
  change: ContentChange,
  to: string,
  title: string,
): Promise<Response> {
  announceContentChange(args.context, change);
  return redirectWithToast(to, { type: "success", title });
}

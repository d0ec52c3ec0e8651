import { data } from "react-router";
import { describeAudit, listAudit } from "~/domain/admin/audit.server";
import { pageNumber } from "~/domain/admin/pagination";
import { bundle, translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import { adminLoad } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/activity";

/** The audit trail, newest first, 25 a page: sentences in the admin's language, with links. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const t = translator(locale);
  const i18n = bundle(locale, ["activity"]);
  const result = await listAudit(supabase, pageNumber(query.get("page")));
  if (!result.ok && result.kind === "not-found") {
    throw data({ message: result.message }, { status: 404 });
  }
  if (!result.ok) return data({ list: null, error: result.message, i18n }, { status: 502 });
  const list = await describeAudit(supabase, result.value, t, agencyTimeZone());
  return { list, error: null, i18n };
}

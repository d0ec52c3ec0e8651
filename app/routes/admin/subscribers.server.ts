import { data } from "react-router";
import { pageNumber, searchTerm } from "~/domain/admin/pagination";
import { removeSubscriberSchema } from "~/domain/admin/schema.server";
import {
  listSubscribers,
  removeSubscriber,
  subscriberStatus,
} from "~/domain/newsletter/subscribers.server";
import { translate } from "~/i18n/translate.server";
import { adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/subscribers";

/** Subscribers newest first (search, status filter, 25 a page), the confirmed total, removal. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const filters = {
    status: subscriberStatus(query.get("status")),
    search: searchTerm(query.get("q")),
    page: pageNumber(query.get("page")),
  };
  const [result, confirmed] = await Promise.all([
    listSubscribers(supabase, filters),
    supabase
      .from("newsletter_subscribers")
      .select("id", { count: "exact", head: true })
      .eq("status", "confirmed"),
  ]);
  if (!result.ok && result.kind === "not-found") {
    throw data({ message: result.message }, { status: 404 });
  }
  const removing = Number(query.get("remove"));
  const remove = result.ok ? (result.value.rows.find((row) => row.id === removing) ?? null) : null;
  if (!result.ok || confirmed.error) {
    const error = result.ok ? (confirmed.error?.message ?? "") : result.message;
    return data({ filters, list: null, confirmed: 0, remove, error }, { status: 502 });
  }
  return { filters, list: result.value, confirmed: confirmed.count ?? 0, remove, error: null };
}

export async function action(args: Route.ActionArgs) {
  const form = await readAdminForm(args, removeSubscriberSchema);
  if ("answer" in form) return form.answer;
  const removed = await removeSubscriber(form.supabase, form.value.id);
  const done = translate(adminLocale(args.request), "adminOffice.subscribers.removed");
  return answerWith(removed, "/admin/subscribers", done);
}

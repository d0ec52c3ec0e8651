import { data } from "react-router";
import { pageNumber, searchTerm } from "~/domain/admin/pagination";
import { inboxStatus } from "~/domain/contact/inbox";
import { listInbox } from "~/domain/contact/inbox.server";
import { adminLoad } from "~/web/admin-form.server";
import type { Route } from "./+types/messages";

/** The inbox: newest first, 25 a page, filtered by `?status=` and searched by `?q=`. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const filters = {
    status: inboxStatus(query.get("status")),
    search: searchTerm(query.get("q")),
    page: pageNumber(query.get("page")),
  };
  const result = await listInbox(supabase, filters);
  if (!result.ok && result.kind === "not-found") {
    throw data({ message: result.message }, { status: 404 });
  }
  if (!result.ok) return data({ filters, list: null, error: result.message }, { status: 502 });
  return { filters, list: result.value, error: null };
}

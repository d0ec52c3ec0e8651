import { data } from "react-router";
import { listAudit } from "~/domain/admin/audit.server";
import { pageNumber } from "~/domain/admin/pagination";
import type { Route } from "./+types/activity";
import { adminLoad } from "./admin-form.server";

/** The audit trail, newest first, 25 a page. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const result = await listAudit(supabase, pageNumber(query.get("page")));
  if (!result.ok && result.kind === "not-found") {
    throw data({ message: result.message }, { status: 404 });
  }
  if (!result.ok) return data({ list: null, error: result.message }, { status: 502 });
  return { list: result.value, error: null };
}

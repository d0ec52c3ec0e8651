import { data } from "react-router";
import { pageNumber, searchTerm } from "~/domain/admin/pagination";
import { listPeople, parseUserId, setAdminRights } from "~/domain/admin/people.server";
import { adminRightsSchema } from "~/domain/admin/schema.server";
import { adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
import type { Route } from "./+types/people";

/** Accounts (search, 25 a page); `?grant=<id>` / `?revoke=<id>` open the confirmation step. */
export async function loader(args: Route.LoaderArgs) {
  const { user, supabase, query } = await adminLoad(args);
  const filters = { search: searchTerm(query.get("q")), page: pageNumber(query.get("page")) };
  const result = await listPeople(supabase, filters);
  if (!result.ok && result.kind === "not-found") {
    throw data({ message: result.message }, { status: 404 });
  }
  if (!result.ok) {
    return data(
      { filters, list: null, change: null, me: user.id, error: result.message },
      { status: 502 },
    );
  }
  const target = parseUserId(query.get("grant") ?? query.get("revoke"));
  const person = result.value.rows.find((row) => row.id === target);
  const change = person ? { person, grant: query.has("grant") } : null;
  return { filters, list: result.value, change, me: user.id, error: null };
}

/** Grants or revokes admin rights (the database refuses self-revocation and the last admin). */
export async function action(args: Route.ActionArgs) {
  const form = await readAdminForm(args, adminRightsSchema);
  if ("answer" in form) return form.answer;
  const grant = form.value.intent === "grant";
  const changed = await setAdminRights(form.supabase, form.value.user, grant);
  return answerWith(
    changed,
    "/admin/people",
    grant ? "Admin rights granted" : "Admin rights revoked",
    `admin-rights:${form.value.user}`,
  );
}

import { data } from "react-router";
import { pageNumber, searchTerm } from "~/domain/admin/pagination";
import {
  listPeople,
  parseUserId,
  setAdminRights,
  setAgencyRole,
} from "~/domain/admin/people.server";
import { peopleActionSchema } from "~/domain/admin/schema.server";
import { bundle, translator } from "~/i18n/translate.server";
import type { FormReply } from "~/lib/form-reply";
import { adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/people";

/**
 * Accounts (search, 25 a page); `?grant=<id>` / `?revoke=<id>` open the confirmation step,
 * `?role=<id>` the agency-role form.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user, supabase, query } = await adminLoad(args);
  const i18n = bundle(adminLocale(args.request), ["people"]);
  const filters = { search: searchTerm(query.get("q")), page: pageNumber(query.get("page")) };
  const result = await listPeople(supabase, filters);
  if (!result.ok && result.kind === "not-found") {
    throw data({ message: result.message }, { status: 404 });
  }
  if (!result.ok) {
    return data(
      {
        filters,
        list: null,
        change: null,
        roleOf: null,
        me: user.id,
        error: result.message,
        i18n,
      },
      { status: 502 },
    );
  }
  const find = (id: string | null) => result.value.rows.find((row) => row.id === parseUserId(id));
  const person = find(query.get("grant") ?? query.get("revoke"));
  const change = person ? { person, grant: query.has("grant") } : null;
  const roleOf = find(query.get("role")) ?? null;
  return { filters, list: result.value, change, roleOf, me: user.id, error: null, i18n };
}

/**
 * Grants or revokes admin rights, or assigns an agency role (the database refuses your own
 * admin rights and the last admin's; a refused role comes back under the field).
 */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const form = await readAdminForm(args, peopleActionSchema(t.locale));
  if ("answer" in form) return form.answer;
  const { intent, user, role } = form.value;
  if (intent === "role" && role) {
    const changed = await setAgencyRole(form.supabase, user, role);
    if (changed.ok) {
      const title = t(changed.value ? "people.role.saved" : "people.role.unchanged");
      return redirectWithToast("/admin/people", { type: "success", title });
    }
    if (changed.kind !== "conflict") return failedForm(changed, undefined, { toast: true });
    const message = t(user === form.user.id ? "people.role.ownAdmin" : "people.role.lastAdmin");
    const reply: FormReply = {
      result: { initialValue: { intent, user, role }, error: { role: [message] } },
      formError: null,
    };
    return data(reply, { status: 409 });
  }
  const grant = intent === "grant";
  const changed = await setAdminRights(form.supabase, user, grant);
  return answerWith(
    changed,
    "/admin/people",
    t(grant ? "adminOffice.people.granted" : "adminOffice.people.revoked"),
    `admin-rights:${user}`,
  );
}

import { useMemo } from "react";
import { Form, Link } from "react-router";
import type { AgencyRoleChoice, Person } from "~/domain/admin/people.server";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";
import { ErrorSummary } from "../forms/error-summary";
import { SelectField } from "../forms/select-field";
import { SubmitButton } from "../forms/submit-button";
import { secondaryButton } from "./admin-page";

const CHOICES: AgencyRoleChoice[] = ["admin", "staff", "none"];

/**
 * One account's agency role (admin, staff or none), a plain form reached by a link: it works
 * without JS, and a refusal (your own admin role, the last admin) comes back under the field
 * with the chosen value.
 */
export function AgencyRoleForm({ person, reply }: { person: Person; reply?: FieldReply }) {
  const t = useT();
  const answered = typedValue(reply, "user") === person.id ? reply : undefined;
  const chosen = typedValue(answered, "role") ?? person.agency_role;
  // The summary focuses once per answer: one object per answer about this person.
  const answer = useMemo(() => (answered ? { result: answered } : undefined), [answered]);
  return (
    <section
      aria-labelledby="agency-role-heading"
      className="mb-8 rounded-lg border border-brand-200 bg-brand-50 p-6"
    >
      <h2 id="agency-role-heading" className="text-xl font-bold text-slate-900">
        {t("people.role.heading", { email: person.email })}
      </h2>
      <Form method="post" className="mt-4 max-w-md space-y-4">
        <ErrorSummary answer={answer} />
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="user" value={person.id} />
        <SelectField
          key={`${person.id}:${chosen}`}
          name="role"
          label={t("people.role.label")}
          hint={t("people.role.hint")}
          defaultValue={chosen}
          errors={fieldErrors(answered, "role")}
          options={CHOICES.map((value) => ({ value, label: t(`people.role.${value}`) }))}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pendingLabel={t("people.role.saving")}>
            {t("people.role.save")}
          </SubmitButton>
          <Link to="/admin/people" className={secondaryButton}>
            {t("people.role.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

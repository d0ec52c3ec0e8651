import { Form } from "react-router";
import { secondaryButton, stacked } from "~/components/admin/admin-page";
import { StackedTable } from "~/components/admin/stacked-table";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";

type Status = "upcoming" | "in_progress" | "done";
const STATUSES: readonly Status[] = ["upcoming", "in_progress", "done"];

export interface MilestoneRow {
  id: number;
  title: string;
  status: Status;
  due: { iso: string; text: string } | null;
}

const selectClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/**
 * A project's milestones for the agency: each one's status changed with a plain form (a select
 * and its button, so no JS is needed) or removed; `project` names the table.
 */
export function MilestoneTable({
  project,
  milestones,
}: {
  project: string;
  milestones: MilestoneRow[];
}) {
  const t = useT();
  const columns = [
    t("milestones.columnTitle"),
    t("milestones.columnDue"),
    t("milestones.columnStatus"),
  ];
  if (milestones.length === 0) return <p className="mb-6 text-slate-700">{t("milestones.none")}</p>;
  return (
    <StackedTable caption={t("milestones.caption", { title: project })} columns={[...columns, ""]}>
      {milestones.map((milestone) => (
        <tr key={milestone.id} className={stacked.row}>
          <td data-label={columns[0]} className={stacked.cell}>
            {milestone.title}
          </td>
          <td data-label={columns[1]} className={stacked.cell}>
            {milestone.due ? <time dateTime={milestone.due.iso}>{milestone.due.text}</time> : "—"}
          </td>
          <td data-label={columns[2]} className={stacked.cell}>
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="milestone" value={milestone.id} />
              <select
                name="milestone_status"
                defaultValue={milestone.status}
                aria-label={t("milestones.statusOf", { title: milestone.title })}
                className={selectClass}
              >
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`milestones.${status}`)}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                className={secondaryButton}
                aria-label={t("milestones.updateLabel", { title: milestone.title })}
              >
                {t("milestones.update")}
              </button>
            </Form>
          </td>
          <td className={stacked.cell}>
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="milestone" value={milestone.id} />
              <button
                type="submit"
                className={secondaryButton}
                aria-label={t("milestones.removeLabel", { title: milestone.title })}
              >
                {t("milestones.remove")}
              </button>
            </Form>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}

/**
 * The form that adds a milestone after the last; after a refusal, the error summary (`answer`,
 * the action's answer to this form) naming each field, and what was typed, come back.
 */
export function MilestoneForm({ reply, answer }: { reply?: FieldReply; answer?: unknown }) {
  const t = useT();
  const labels: Record<string, string> = {
    milestone_title: t("milestones.title"),
    milestone_due: t("milestones.due"),
  };
  return (
    <section aria-labelledby="add-milestone" className="mt-6 max-w-md">
      <h3 id="add-milestone" className="mb-3 text-lg font-bold text-slate-900">
        {t("milestones.addHeading")}
      </h3>
      <Form method="post" noValidate className="space-y-4">
        <ErrorSummary answer={answer} labelOf={(name) => labels[name]} />
        <input type="hidden" name="intent" value="add" />
        <Field
          label={t("milestones.title")}
          name="milestone_title"
          required
          maxLength={200}
          defaultValue={typedValue(reply, "milestone_title")}
          errors={fieldErrors(reply, "milestone_title")}
        />
        <Field
          label={t("milestones.due")}
          hint={t("projects.dateHint")}
          name="milestone_due"
          type="date"
          defaultValue={typedValue(reply, "milestone_due")}
          errors={fieldErrors(reply, "milestone_due")}
        />
        <SubmitButton pendingLabel={t("milestones.adding")}>{t("milestones.add")}</SubmitButton>
      </Form>
    </section>
  );
}

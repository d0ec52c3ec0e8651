import type { LabelOf } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { type Translate, useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";

type ProjectStatus = "proposal" | "active" | "on_hold" | "delivered" | "closed";

interface Saved {
  title?: string;
  service?: string | null;
  status?: string;
  stage?: number | null;
  starts_on?: string | null;
  due_on?: string | null;
  manager?: string | null;
}

/** The labels of a project's fields, for the error summary's links. */
export function projectFieldLabels(t: Translate): LabelOf {
  const labels: Record<string, string> = {
    title: t("projects.title"),
    service: t("projects.service"),
    stage: t("projects.stageLabel"),
    status: t("projects.status"),
    starts_on: t("projects.startsOn"),
    due_on: t("projects.dueOn"),
    manager: t("projects.manager"),
  };
  return (name) => labels[name];
}

/**
 * A project's fields: title, service, status, dates, and with `steps` (the saved service's
 * process) the step reached, with `managers` who runs it. Each starts from what was typed (after
 * a refusal), else `saved`.
 */
export function ProjectFields({
  reply,
  saved = {},
  services,
  statuses,
  steps,
  managers,
}: {
  reply?: FieldReply;
  saved?: Saved;
  services: { id: string; title: string }[];
  statuses: readonly ProjectStatus[];
  steps?: string[];
  managers?: { id: string; label: string }[];
}) {
  const t = useT();
  const value = (name: keyof Saved, fallback = "") =>
    typedValue(reply, name) ??
    (saved[name] === null || saved[name] === undefined ? fallback : String(saved[name]));
  return (
    <>
      <Field
        label={t("projects.title")}
        name="title"
        required
        maxLength={200}
        defaultValue={value("title")}
        errors={fieldErrors(reply, "title")}
      />
      <SelectField
        key={`service:${value("service")}`}
        label={t("projects.service")}
        name="service"
        defaultValue={value("service")}
        errors={fieldErrors(reply, "service")}
        options={[
          { value: "", label: t("projects.serviceNone") },
          ...services.map((service) => ({ value: service.id, label: service.title })),
        ]}
      />
      {steps && steps.length > 0 ? (
        <SelectField
          key={`stage:${value("stage")}`}
          label={t("projects.stageLabel")}
          name="stage"
          defaultValue={value("stage")}
          errors={fieldErrors(reply, "stage")}
          options={[
            { value: "", label: t("projects.stageNone") },
            ...steps.map((step, index) => ({
              value: String(index),
              label: t("projects.stage", { step: index + 1, steps: steps.length, name: step }),
            })),
          ]}
        />
      ) : null}
      <SelectField
        key={`status:${value("status", "proposal")}`}
        label={t("projects.status")}
        name="status"
        defaultValue={value("status", "proposal")}
        errors={fieldErrors(reply, "status")}
        options={statuses.map((status) => ({ value: status, label: t(`projects.${status}`) }))}
      />
      <Field
        label={t("projects.startsOn")}
        hint={t("projects.dateHint")}
        name="starts_on"
        type="date"
        defaultValue={value("starts_on")}
        errors={fieldErrors(reply, "starts_on")}
      />
      <Field
        label={t("projects.dueOn")}
        hint={t("projects.dateHint")}
        name="due_on"
        type="date"
        defaultValue={value("due_on")}
        errors={fieldErrors(reply, "due_on")}
      />
      {managers ? (
        <SelectField
          key={`manager:${value("manager", "none")}`}
          label={t("projects.manager")}
          hint={t("projects.managerHint")}
          name="manager"
          defaultValue={value("manager", "none")}
          errors={fieldErrors(reply, "manager")}
          options={[
            { value: "none", label: t("projects.managerNone") },
            ...managers.map((manager) => ({ value: manager.id, label: manager.label })),
          ]}
        />
      ) : null}
    </>
  );
}

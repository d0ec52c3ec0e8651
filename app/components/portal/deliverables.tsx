import { Form } from "react-router";
import { secondaryButton } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { ErrorList } from "~/components/forms/field-frame";
import { fieldIdOf } from "~/components/forms/field-id";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import { useT } from "~/i18n/use-t";
import { type FieldReply, type FormReply, fieldErrors, typedValue } from "~/lib/form-reply";
import {
  DecisionExportLink,
  DecisionHistory,
  type DecisionItem,
  type VersionItem,
  VersionList,
} from "./deliverable-history";

export interface AgencyDeliverable {
  id: number;
  title: string;
  note: string;
  versions: (VersionItem & { canMarkReady: boolean })[];
  decisions: DecisionItem[];
}

const fileInputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 file:me-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1.5";

/** The upload's answer when it is about `deliverable` (each deliverable has its own form). */
function uploadAnswerOf(upload: FormReply | undefined, deliverable: number) {
  return typedValue(upload?.result, "deliverable") === String(deliverable) ? upload : undefined;
}

/** A new version of `deliverable`: a note, then the file (the server reads them in that order). */
function VersionUpload({
  deliverable,
  action,
  answer,
}: {
  deliverable: AgencyDeliverable;
  action: string;
  answer: FormReply | undefined;
}) {
  const t = useT();
  const reply = answer?.result;
  const errors = fieldErrors(reply, "file");
  const inputId = errors?.length ? fieldIdOf("file") : `version-file-${deliverable.id}`;
  const errorId = `version-file-${deliverable.id}-error`;
  const labels: Record<string, string> = {
    file: t("deliverables.file"),
    note: t("deliverables.versionNote"),
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      noValidate
      className="mt-4 space-y-3"
      aria-label={`${t("deliverables.uploadHeading")}: ${deliverable.title}`}
    >
      <ErrorSummary answer={answer} labelOf={(name) => labels[name]} />
      <h4 className="font-bold text-slate-900">{t("deliverables.uploadHeading")}</h4>
      <TextareaField
        label={t("deliverables.versionNote")}
        name="note"
        rows={2}
        maxLength={2000}
        defaultValue={typedValue(reply, "note")}
        errors={fieldErrors(reply, "note")}
      />
      <div>
        <label htmlFor={inputId} className="mb-1 block font-medium text-slate-900">
          {t("deliverables.file")}
        </label>
        <input
          id={inputId}
          type="file"
          name="file"
          required
          aria-describedby={errors?.length ? errorId : undefined}
          aria-invalid={errors?.length ? true : undefined}
          className={fileInputClass}
        />
        <ErrorList id={errorId} errors={errors} />
      </div>
      <SubmitButton pendingLabel={t("deliverables.uploading")}>
        {t("deliverables.upload")}
      </SubmitButton>
    </Form>
  );
}

/**
 * A project's deliverables for the agency: each one's versions (the latest draft marked ready
 * with a plain form), the form that uploads a new version (a multipart form posted to the page
 * itself, which streams the file to the client's private folder and answers a refusal beside its
 * field: app/web/deliverable-upload.server.ts) and the client's decisions;
 * then the form that adds a deliverable.
 */
export function AgencyDeliverables({
  deliverables,
  uploadAction,
  exportHref,
  reply,
  answer,
  upload,
}: {
  deliverables: AgencyDeliverable[] | null;
  /** The project's decision history as a CSV file. */
  exportHref: string;
  /** Where a deliverable's version is posted (the page itself, `?upload=<deliverable>`). */
  uploadAction: (deliverable: number) => string;
  /** The action's answer to an upload (it names its deliverable). */
  upload?: FormReply;
  reply?: FieldReply;
  /** The action's answer to the add-deliverable form (its error summary). */
  answer?: unknown;
}) {
  const t = useT();
  return (
    <section aria-labelledby="deliverables" className="mb-10 max-w-2xl">
      <h2 id="deliverables" className="mb-4 text-xl font-bold text-slate-900">
        {t("deliverables.heading")}
      </h2>
      {deliverables && deliverables.length === 0 ? (
        <p className="mb-6 text-slate-700">{t("deliverables.none")}</p>
      ) : (
        <DecisionExportLink href={exportHref} />
      )}
      {(deliverables ?? []).map((deliverable) => (
        <article
          key={deliverable.id}
          aria-labelledby={`deliverable-${deliverable.id}`}
          className="mb-8 rounded-lg border border-slate-300 p-4"
        >
          <h3 id={`deliverable-${deliverable.id}`} className="text-lg font-bold text-slate-900">
            {deliverable.title}
          </h3>
          {deliverable.note ? (
            <p className="mb-3 whitespace-pre-line text-slate-800">{deliverable.note}</p>
          ) : null}
          <VersionList versions={deliverable.versions} />
          {deliverable.versions
            .filter((version) => version.canMarkReady)
            .map((version) => (
              <Form key={version.id} method="post" className="mt-3">
                <input type="hidden" name="intent" value="ready" />
                <input type="hidden" name="version" value={version.id} />
                <button
                  type="submit"
                  className={secondaryButton}
                  aria-label={t("deliverables.markReadyLabel", {
                    number: version.number,
                    title: deliverable.title,
                  })}
                >
                  {t("deliverables.markReady")}
                </button>
              </Form>
            ))}
          <VersionUpload
            deliverable={deliverable}
            action={uploadAction(deliverable.id)}
            answer={uploadAnswerOf(upload, deliverable.id)}
          />
          <DecisionHistory title={deliverable.title} decisions={deliverable.decisions} />
        </article>
      ))}
      <section aria-labelledby="add-deliverable" className="max-w-md">
        <h3 id="add-deliverable" className="mb-3 text-lg font-bold text-slate-900">
          {t("deliverables.addHeading")}
        </h3>
        <Form method="post" noValidate className="space-y-4">
          <ErrorSummary answer={answer} />
          <input type="hidden" name="intent" value="deliverable" />
          <Field
            label={t("deliverables.title")}
            name="deliverable_title"
            required
            maxLength={200}
            defaultValue={typedValue(reply, "deliverable_title")}
            errors={fieldErrors(reply, "deliverable_title")}
          />
          <TextareaField
            label={t("deliverables.note")}
            name="deliverable_note"
            rows={3}
            maxLength={2000}
            defaultValue={typedValue(reply, "deliverable_note")}
            errors={fieldErrors(reply, "deliverable_note")}
          />
          <SubmitButton pendingLabel={t("deliverables.adding")}>
            {t("deliverables.add")}
          </SubmitButton>
        </Form>
      </section>
    </section>
  );
}

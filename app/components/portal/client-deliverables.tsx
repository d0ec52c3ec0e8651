import { Form } from "react-router";
import { secondaryButton } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";
import {
  DecisionExportLink,
  DecisionHistory,
  type DecisionItem,
  VersionFile,
  type VersionItem,
  VersionList,
} from "./deliverable-history";

export interface ClientDeliverable {
  id: number;
  title: string;
  note: string;
  versions: VersionItem[];
  decisions: DecisionItem[];
  waiting: VersionItem | null;
}

/**
 * One version waiting for the client: its file, what changed, and the decision form — Approve,
 * or Request changes with a reason (two submit buttons of one plain form). A refused reason is
 * worded under its field with what was typed kept, in the form of the version it was about.
 * `readOnly` (the agency viewing the page as the client's members see it): no form.
 */
function DecisionForm({
  deliverable,
  version,
  reply,
  answer,
  readOnly,
}: {
  deliverable: ClientDeliverable;
  version: VersionItem;
  reply?: FieldReply;
  /** The action's answer (for the error summary of the form it was about). */
  answer?: unknown;
  readOnly?: boolean;
}) {
  const t = useT();
  const mine = typedValue(reply, "version") === String(version.id) ? reply : undefined;
  const heading = `waiting-${version.id}`;
  return (
    <article aria-labelledby={heading} className="rounded-lg border border-brand-300 bg-white p-4">
      <h3 id={heading} className="text-lg font-bold text-slate-900">
        {deliverable.title} — {t("deliverables.version", { number: version.number })}
      </h3>
      <VersionFile version={version} />
      {version.note ? (
        <p className="whitespace-pre-line break-words text-slate-800">{version.note}</p>
      ) : null}
      <p className="mb-3 text-sm text-slate-700">{version.byline}</p>
      {readOnly ? null : (
        <Form method="post" noValidate className="space-y-3">
          <ErrorSummary answer={mine ? answer : undefined} />
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="version" value={version.id} />
          <TextareaField
            label={t("deliverables.reason")}
            name="reason"
            rows={3}
            maxLength={2000}
            defaultValue={typedValue(mine, "reason")}
            errors={fieldErrors(mine, "reason")}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton
              name="decision"
              value="approved"
              pendingLabel={t("deliverables.deciding")}
            >
              {t("deliverables.approve")}
            </SubmitButton>
            <button
              type="submit"
              name="decision"
              value="changes_requested"
              className={secondaryButton}
            >
              {t("deliverables.requestChanges")}
            </button>
          </div>
        </Form>
      )}
    </article>
  );
}

/** The client's side: what waits for their decision first, then every deliverable's history. */
export function ClientDeliverables({
  deliverables,
  reply,
  answer,
  readOnly,
  exportHref,
}: {
  deliverables: ClientDeliverable[];
  reply?: FieldReply;
  answer?: unknown;
  /** The project's decision history as a CSV file. */
  exportHref?: string;
  /** Versions waiting are shown without the decision form. */
  readOnly?: boolean;
}) {
  const t = useT();
  const waiting = deliverables.filter((deliverable) => deliverable.waiting);
  return (
    <>
      <section aria-labelledby="waiting" className="mb-10">
        <h2 id="waiting" className="mb-4 text-xl font-bold text-slate-900">
          {t("deliverables.waitingHeading")}
        </h2>
        {waiting.length === 0 ? (
          <p className="text-slate-700">{t("deliverables.waitingNone")}</p>
        ) : (
          <div className="space-y-6">
            {waiting.map((deliverable) =>
              deliverable.waiting ? (
                <DecisionForm
                  key={deliverable.id}
                  deliverable={deliverable}
                  version={deliverable.waiting}
                  reply={reply}
                  answer={answer}
                  readOnly={readOnly}
                />
              ) : null,
            )}
          </div>
        )}
      </section>
      <section aria-labelledby="client-deliverables" className="mb-10">
        <h2 id="client-deliverables" className="mb-4 text-xl font-bold text-slate-900">
          {t("deliverables.heading")}
        </h2>
        {deliverables.length === 0 ? (
          <p className="text-slate-700">{t("deliverables.clientNone")}</p>
        ) : exportHref ? (
          <DecisionExportLink href={exportHref} />
        ) : null}
        {deliverables.map((deliverable) => (
          <article
            key={deliverable.id}
            aria-labelledby={`deliverable-${deliverable.id}`}
            className="mb-6"
          >
            <h3
              id={`deliverable-${deliverable.id}`}
              className="mb-2 text-lg font-bold text-slate-900"
            >
              {deliverable.title}
            </h3>
            {deliverable.note ? (
              <p className="mb-3 whitespace-pre-line text-slate-800">{deliverable.note}</p>
            ) : null}
            <VersionList versions={deliverable.versions} />
            <DecisionHistory title={deliverable.title} decisions={deliverable.decisions} />
          </article>
        ))}
      </section>
    </>
  );
}

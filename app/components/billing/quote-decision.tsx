import { Form } from "react-router";
import { secondaryButton } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { ErrorList } from "~/components/forms/field-frame";
import { fieldIdOf } from "~/components/forms/field-id";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";

/**
 * The client's answer to a sent quote: accept (their full name typed as a signature and a box
 * ticked) or decline (a reason). Two plain POST forms — no JavaScript needed; the answer that
 * refuses one keeps what was typed and puts the error summary on top of that form.
 */
export function QuoteDecision({
  action,
  reply,
  answer,
}: {
  action: string;
  reply: FieldReply | undefined;
  answer: unknown;
}) {
  const t = useT();
  const intent = typedValue(reply, "intent");
  const mine = (name: "accept" | "decline") => (intent === name ? reply : undefined);
  const accepting = mine("accept");
  const agreeErrors = fieldErrors(accepting, "agree");
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <section aria-labelledby="quote-accept" className="rounded-lg border border-slate-200 p-4">
        <h2 id="quote-accept" className="mb-3 text-xl font-bold text-slate-900">
          {t("quotes.client.acceptHeading")}
        </h2>
        <Form method="post" action={action} noValidate className="space-y-4">
          {intent !== "decline" ? <ErrorSummary answer={answer} /> : null}
          <input type="hidden" name="intent" value="accept" />
          <Field
            label={t("quotes.client.signature")}
            hint={t("quotes.client.signatureHint")}
            name="signature"
            autoComplete="name"
            maxLength={200}
            defaultValue={typedValue(accepting, "signature")}
            errors={fieldErrors(accepting, "signature")}
          />
          <div>
            <div className="flex items-start gap-3">
              <input
                id={fieldIdOf("agree")}
                type="checkbox"
                name="agree"
                defaultChecked={typedValue(accepting, "agree") === "on"}
                aria-invalid={agreeErrors?.length ? true : undefined}
                aria-describedby={agreeErrors?.length ? "agree-error" : undefined}
                className="size-6 shrink-0 rounded border-slate-400 accent-brand-700"
              />
              <label htmlFor={fieldIdOf("agree")} className="font-medium text-slate-900">
                {t("quotes.client.agree")}
              </label>
            </div>
            <ErrorList id="agree-error" errors={agreeErrors} />
          </div>
          <SubmitButton pendingLabel={t("quotes.client.accepting")}>
            {t("quotes.client.accept")}
          </SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="quote-decline" className="rounded-lg border border-slate-200 p-4">
        <h2 id="quote-decline" className="mb-3 text-xl font-bold text-slate-900">
          {t("quotes.client.declineHeading")}
        </h2>
        <Form method="post" action={action} noValidate className="space-y-4">
          {intent === "decline" ? <ErrorSummary answer={answer} /> : null}
          <input type="hidden" name="intent" value="decline" />
          <TextareaField
            label={t("quotes.client.reason")}
            name="reason"
            rows={4}
            maxLength={2000}
            defaultValue={typedValue(mine("decline"), "reason")}
            errors={fieldErrors(mine("decline"), "reason")}
          />
          <button type="submit" className={secondaryButton}>
            {t("quotes.client.decline")}
          </button>
        </Form>
      </section>
    </div>
  );
}

import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import type { NotificationKind, NotificationPrefs } from "~/domain/accounts/notification-prefs";
import { useT } from "~/i18n/use-t";
import { type FormReply, fieldErrors, typedValue } from "~/lib/form-reply";

/**
 * The parts of /profile an agency's client needs (issue 42, item 2): the phone, company and KRA
 * PIN fields of the profile form, the optional mails, the data download and the deletion of the
 * account. Plain forms: each works without JavaScript.
 */

const CARD = "mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8";

export interface ClientFieldValues {
  phone: string;
  companyName: string;
  kraPin: string;
}

/** Phone, company and KRA PIN: typed values back after a mistake, else the stored ones. */
export function ClientDetailsFields({
  saved,
  result,
}: {
  saved: ClientFieldValues;
  result?: FormReply["result"];
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t("account.rights.phone")}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={40}
        placeholder="0712 345 678"
        hint={t("account.rights.phoneHint")}
        defaultValue={typedValue(result, "phone") ?? saved.phone}
        errors={fieldErrors(result, "phone")}
      />
      <Field
        label={t("account.rights.companyName")}
        name="companyName"
        autoComplete="organization"
        maxLength={200}
        defaultValue={typedValue(result, "companyName") ?? saved.companyName}
        errors={fieldErrors(result, "companyName")}
      />
      <Field
        label={t("account.rights.kraPin")}
        name="kraPin"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        placeholder="A012345678Z"
        hint={t("account.rights.kraPinHint")}
        defaultValue={typedValue(result, "kraPin") ?? saved.kraPin}
        errors={fieldErrors(result, "kraPin")}
        className="font-mono"
      />
    </>
  );
}

const KINDS: { kind: NotificationKind; label: Parameters<ReturnType<typeof useT>>[0] }[] = [
  { kind: "messages", label: "account.rights.notifyMessages" },
  { kind: "deliverables", label: "account.rights.notifyDeliverables" },
  { kind: "invoices", label: "account.rights.notifyInvoices" },
];

/** A box per optional mail; what is always sent is said beside them. */
export function NotificationsForm({
  prefs,
  reply,
}: {
  prefs: NotificationPrefs;
  reply?: FormReply;
}) {
  const t = useT();
  const action = `${t.path("/profile")}?intent=notifications`;
  // After a refused post the boxes show what was sent, else what is stored.
  const typed = reply?.result?.initialValue;
  return (
    <Form
      // Saved, the boxes show what was stored, also with JS.
      key={JSON.stringify(prefs)}
      method="post"
      action={action}
      noValidate
      className={CARD}
    >
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-slate-900">
          {t("account.rights.notificationsTitle")}
        </legend>
        <ErrorSummary answer={reply} />
        <p id="notifications-intro" className="text-sm text-slate-600">
          {t("account.rights.notificationsIntro")}
        </p>
        {KINDS.map(({ kind, label }) => (
          <div key={kind} className="flex items-start gap-3">
            <input
              id={`notify-${kind}`}
              type="checkbox"
              name={kind}
              defaultChecked={typed ? typed[kind] === "on" : prefs[kind]}
              aria-describedby="notifications-intro"
              className="mt-0.5 size-6 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            <label htmlFor={`notify-${kind}`} className="font-medium text-slate-900">
              {t(label)}
            </label>
          </div>
        ))}
      </fieldset>
      <SubmitButton pendingLabel={t("common.saving")} action={action} className="w-full sm:w-auto">
        {t("account.rights.saveNotifications")}
      </SubmitButton>
    </Form>
  );
}

/** The right of access: a link that downloads the JSON file. */
export function DataDownload() {
  const t = useT();
  return (
    <section aria-labelledby="data-heading" className={CARD}>
      <h2 id="data-heading" className="text-xl font-bold text-slate-900">
        {t("account.rights.exportTitle")}
      </h2>
      <p className="text-sm text-slate-600">{t("account.rights.exportIntro")}</p>
      <a
        href={t.path("/profile/data")}
        download
        className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t("account.rights.exportLink")}
      </a>
    </section>
  );
}

/** The right of erasure: what goes and what stays, then the account's address typed to confirm. */
export function DeleteAccountForm({ reply }: { reply?: FormReply }) {
  const t = useT();
  const action = `${t.path("/profile")}?intent=delete`;
  const result = reply?.result;
  return (
    <Form
      method="post"
      action={action}
      noValidate
      aria-labelledby="delete-heading"
      className={`${CARD} ring-red-200`}
    >
      <h2 id="delete-heading" className="text-xl font-bold text-red-800">
        {t("account.rights.deleteTitle")}
      </h2>
      <ErrorSummary answer={reply} />
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>{t("account.rights.deleteWhat")}</li>
        <li>{t("account.rights.deleteAnonymised")}</li>
        <li>{t("account.rights.deleteKept")}</li>
      </ul>
      <Field
        label={t("account.rights.deleteConfirmLabel")}
        name="confirmEmail"
        type="email"
        autoComplete="off"
        spellCheck={false}
        defaultValue={typedValue(result, "confirmEmail") ?? ""}
        errors={fieldErrors(result, "confirmEmail")}
      />
      <SubmitButton pendingLabel={t("common.saving")} action={action} className="w-full sm:w-auto">
        {t("account.rights.deleteButton")}
      </SubmitButton>
    </Form>
  );
}

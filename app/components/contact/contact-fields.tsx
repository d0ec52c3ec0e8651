import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { SelectField } from "~/components/forms/select-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { CONTACT_LIMITS as L } from "~/domain/contact/limits";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { type FormReply, fieldErrors, typedValue } from "~/lib/form-reply";
import { useServiceLinks } from "~/lib/site-config";

export interface ContactFieldsProps {
  /** The action's last answer (field errors, typed values, a message about the form). */
  reply?: FormReply;
  /** Prefilled message (chat widget topic, quote request). */
  defaultMessage?: string;
  /** The service chosen in advance (a service page's "Request a quote"). */
  defaultService?: string;
  /** Where a successful post from outside /contact returns to. */
  redirectTo?: string;
}

/** Name, email, message and the honeypot: the body shared by the /contact and home forms. */
export function ContactFields({
  reply,
  defaultMessage,
  defaultService,
  redirectTo,
}: ContactFieldsProps) {
  const result = reply?.result;
  const t = useT();
  const services = useServiceLinks();
  return (
    <>
      <ErrorSummary answer={reply} />
      <HoneypotInputs />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t("contact.name")}
          name="name"
          autoComplete="name"
          required
          maxLength={L.nameMax}
          defaultValue={typedValue(result, "name")}
          errors={fieldErrors(result, "name")}
        />
        <Field
          label={t("common.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={L.emailMax}
          defaultValue={typedValue(result, "email")}
          errors={fieldErrors(result, "email")}
        />
      </div>
      <Field
        label={t("contact.phone")}
        hint={t("contact.phoneHint")}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={L.phoneMax}
        defaultValue={typedValue(result, "phone")}
        errors={fieldErrors(result, "phone")}
      />
      <SelectField
        label={t("contact.service")}
        name="service"
        defaultValue={typedValue(result, "service") ?? defaultService ?? ""}
        errors={fieldErrors(result, "service")}
        options={[
          { value: "", label: t("contact.serviceUnsure") },
          ...services.map((s) => ({ value: s.id, label: s.title, lang: langOf(s, "title") })),
        ]}
      />
      <TextareaField
        label={t("contact.message")}
        name="message"
        rows={5}
        required
        minLength={L.messageMin}
        maxLength={L.messageMax}
        defaultValue={typedValue(result, "message") ?? defaultMessage}
        errors={fieldErrors(result, "message")}
      />
    </>
  );
}

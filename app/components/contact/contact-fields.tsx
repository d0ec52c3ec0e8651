import { Field, FormError } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { TextareaField } from "~/components/forms/textarea-field";
import { CONTACT_LIMITS as L } from "~/lib/contact-limits";
import { type FormResult, fieldErrors, formErrorOf, submittedValue } from "./form-result";

export interface ContactFieldsProps {
  result?: FormResult;
  /** A message about the whole form (honeypot, malformed body) when there is no result. */
  formError?: string;
  /** Prefilled message (chat widget topic). */
  defaultMessage?: string;
  /** Where a successful post from outside /contact returns to. */
  redirectTo?: string;
}

/** Name, email, message and the honeypot: the body shared by the /contact and home forms. */
export function ContactFields({
  result,
  formError,
  defaultMessage,
  redirectTo,
}: ContactFieldsProps) {
  return (
    <>
      <FormError message={formErrorOf(result) ?? formError} />
      <HoneypotInputs />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={L.nameMax}
          defaultValue={submittedValue(result, "name")}
          errors={fieldErrors(result, "name")}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={L.emailMax}
          defaultValue={submittedValue(result, "email")}
          errors={fieldErrors(result, "email")}
        />
      </div>
      <TextareaField
        label="Message"
        name="message"
        rows={5}
        required
        minLength={L.messageMin}
        maxLength={L.messageMax}
        defaultValue={submittedValue(result, "message") ?? defaultMessage}
        errors={fieldErrors(result, "message")}
      />
    </>
  );
}

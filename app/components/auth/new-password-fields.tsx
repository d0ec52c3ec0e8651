import { PASSWORD_HINT } from "~/domain/accounts/limits";
import { type FieldReply, fieldErrors } from "~/lib/form-reply";
import { PasswordField } from "./password-field";

/** A new password and its confirmation (sign-up, reset, change), with the server's errors. */
export function NewPasswordFields({
  result,
  label = "Password",
  confirmLabel = "Confirm Password",
}: {
  result?: FieldReply;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        required
        toggle
        hint={PASSWORD_HINT}
        errors={fieldErrors(result, "password")}
      />
      <PasswordField
        label={confirmLabel}
        name="confirmPassword"
        autoComplete="new-password"
        required
        errors={fieldErrors(result, "confirmPassword")}
      />
    </>
  );
}

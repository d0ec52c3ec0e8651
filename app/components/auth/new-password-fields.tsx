import { PASSWORD_HINT } from "~/domain/accounts/limits";
import { type FieldReply, fieldErrors } from "~/lib/form-reply";
import { PasswordField } from "./password-field";

/**
 * A new password and its confirmation (sign-up, reset, change), with the server's errors —
 * after the current password when the change needs it.
 */
export function NewPasswordFields({
  result,
  label = "Password",
  confirmLabel = "Confirm Password",
  withCurrent = false,
}: {
  result?: FieldReply;
  label?: string;
  confirmLabel?: string;
  withCurrent?: boolean;
}) {
  return (
    <>
      {withCurrent ? (
        <PasswordField
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          required
          errors={fieldErrors(result, "currentPassword")}
        />
      ) : null}
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

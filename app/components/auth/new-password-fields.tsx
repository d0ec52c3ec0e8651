import { PASSWORD_MIN_LENGTH } from "~/domain/accounts/limits";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors } from "~/lib/form-reply";
import { PasswordField } from "./password-field";

/**
 * A new password and its confirmation (sign-up, reset, change), with the server's errors —
 * after the current password when the change needs it. Labels are catalogue keys.
 */
export function NewPasswordFields({
  result,
  label = "common.password",
  confirmLabel = "common.confirmPassword",
  withCurrent = false,
}: {
  result?: FieldReply;
  label?: MessageKey;
  confirmLabel?: MessageKey;
  withCurrent?: boolean;
}) {
  const t = useT();
  return (
    <>
      {withCurrent ? (
        <PasswordField
          label={t("auth.currentPassword")}
          name="currentPassword"
          autoComplete="current-password"
          required
          errors={fieldErrors(result, "currentPassword")}
        />
      ) : null}
      <PasswordField
        label={t(label)}
        name="password"
        autoComplete="new-password"
        required
        toggle
        hint={t("auth.passwordHint", { min: PASSWORD_MIN_LENGTH })}
        errors={fieldErrors(result, "password")}
      />
      <PasswordField
        label={t(confirmLabel)}
        name="confirmPassword"
        autoComplete="new-password"
        required
        errors={fieldErrors(result, "confirmPassword")}
      />
    </>
  );
}

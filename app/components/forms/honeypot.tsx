import { useId } from "react";
import { useT } from "~/i18n/use-t";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The hidden honeypot field of public forms: people never see or fill it, bots that fill every
 * field give themselves away (app/infra/forms.server.ts checks it). Written here rather than
 * with remix-utils' component, whose `autocomplete="nope"` is not a valid autofill token and
 * whose inline `<style>` is not valid inside a form (W3C Nu Html Checker). A page with two
 * forms gets two distinct ids.
 */
export function HoneypotInputs() {
  const t = useT();
  const id = `${HONEYPOT_FIELD}-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{t("common.honeypot")}</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
    </div>
  );
}

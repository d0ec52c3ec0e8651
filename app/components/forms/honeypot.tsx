import { HoneypotInputs as RemixHoneypotInputs } from "remix-utils/honeypot/react";
import { useT } from "~/i18n/use-t";

/** The hidden honeypot field of public forms (provided by the root's HoneypotProvider). */
export function HoneypotInputs() {
  const t = useT();
  return <RemixHoneypotInputs label={t("common.honeypot")} />;
}

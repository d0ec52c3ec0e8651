import type { MessageKey } from "~/i18n/messages";
import type { Translate } from "~/i18n/use-t";

/** A survey option (stored in English, the value the server checks) as shown to the visitor. */
export function optionLabel(t: Translate, value: string): string {
  return t(`survey.options.${value}` as MessageKey);
}

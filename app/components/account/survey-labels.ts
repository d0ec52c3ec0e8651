import { LEGACY_SERVICE_OPTIONS } from "~/domain/onboarding/survey";
import type { MessageKey } from "~/i18n/messages";
import type { Translate } from "~/i18n/use-t";

/** A survey option (stored in English, the value the server checks) as shown to the visitor. */
export function optionLabel(t: Translate, value: string): string {
  return t(`survey.options.${value}` as MessageKey);
}

/**
 * A service chosen in the survey as shown to the visitor: the service's name in the page's
 * language, a legacy option's label (answers given before step 3 listed the real services), or
 * the slug of a service that is no longer offered.
 */
export function serviceLabel(
  t: Translate,
  services: readonly { id: string; title: string }[],
  value: string,
): string {
  const service = services.find((s) => s.id === value);
  if (service) return service.title;
  return (LEGACY_SERVICE_OPTIONS as readonly string[]).includes(value)
    ? optionLabel(t, value)
    : value;
}

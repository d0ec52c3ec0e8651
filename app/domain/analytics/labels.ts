import { isLocale, LOCALE_NAMES } from "~/i18n/locale";
import type { MessageKey, Values } from "~/i18n/messages";
import { DROP_REASONS, GOALS } from "./event";
import type { LabelColumn } from "./report";

/** What naming a value needs: a message in the admin's language. Isomorphic. */
export type Say = (key: MessageKey, values?: Values) => string;

/** A service's name in the admin's language by its slug (old slugs too), or undefined. */
export type ServiceName = (slug: string) => string | undefined;

/**
 * A stored value as the admin reads it, on the page and in the CSV files: goals named (a quote
 * request with its service's name, not `quote:web-development`), devices, languages and the
 * reasons of what was not counted named, '' as direct traffic.
 */
export function labelOf(
  t: Say,
  column: LabelColumn,
  value: string,
  serviceName: ServiceName = () => undefined,
): string {
  if (column === "goal") {
    const [goal, detail] = value.split(":");
    const named = (GOALS as readonly string[]).includes(goal ?? "")
      ? t(`adminAnalytics.goals.${goal as (typeof GOALS)[number]}`)
      : value;
    if (!detail) return named;
    const name = (goal === "quote" && serviceName(detail)) || detail;
    return t("adminAnalytics.goalDetail", { goal: named, detail: name });
  }
  if (column === "device" && (value === "desktop" || value === "mobile" || value === "tablet")) {
    return t(`adminAnalytics.devices.${value}`);
  }
  if (column === "language" && isLocale(value)) return LOCALE_NAMES[value];
  if (column === "reason" && (DROP_REASONS as readonly string[]).includes(value)) {
    return t(`adminAnalytics.reasons.${value as (typeof DROP_REASONS)[number]}`);
  }
  if ((column === "source" || column === "campaign") && value === "") {
    return t("adminAnalytics.direct");
  }
  return value;
}

import { Field } from "~/components/forms/field";
import {
  DISCOVER_OPTIONS,
  GOALS_MAX_LENGTH,
  type OnboardingAnswers,
  ROLE_OPTIONS,
} from "~/domain/onboarding/survey";
import { useT } from "~/i18n/use-t";
import { useServiceLinks } from "~/lib/site-config";
import { optionLabel } from "./survey-labels";

const choiceClass =
  "flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-slate-800 hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50";

function Choices({
  legend,
  name,
  type,
  options,
  selected,
}: {
  legend: string;
  name: string;
  type: "radio" | "checkbox";
  /** Values, or values with their labels (those not given are survey options' labels). */
  options: readonly (string | { value: string; label: string })[];
  selected: string[];
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="mb-3 font-medium text-slate-900">{legend}</legend>
      <div className="grid gap-2">
        {options.map((option) => {
          const { value, label } =
            typeof option === "string" ? { value: option, label: optionLabel(t, option) } : option;
          return (
            <label key={value} className={choiceClass}>
              <input
                type={type}
                name={name}
                value={value}
                defaultChecked={selected.includes(value)}
                className="h-4 w-4 accent-brand-700"
              />
              {label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The fields of one wizard step (options: app/domain/onboarding/survey.ts); every answer may stay empty. */
export function OnboardingStepFields({
  step,
  answers,
}: {
  step: number;
  answers: OnboardingAnswers;
}) {
  const t = useT();
  const services = useServiceLinks();
  switch (step) {
    case 0:
      return (
        <Field
          label={t("common.fullName")}
          name="fullName"
          autoComplete="name"
          maxLength={100}
          defaultValue={answers.fullName}
        />
      );
    case 1:
      return (
        <Choices
          legend={t("account.roleLegend")}
          name="role"
          type="radio"
          options={ROLE_OPTIONS}
          selected={[answers.role]}
        />
      );
    case 2:
      return (
        <Choices
          legend={t("account.servicesLegend")}
          name="services"
          type="checkbox"
          options={services.map((s) => ({ value: s.id, label: s.title }))}
          selected={answers.services}
        />
      );
    case 3:
      return (
        <Choices
          legend={t("account.discoverLegend")}
          name="discover"
          type="radio"
          options={DISCOVER_OPTIONS}
          selected={[answers.discover]}
        />
      );
    default:
      return (
        <div>
          <label htmlFor="onboarding-goals" className="block font-medium text-slate-900">
            {t("account.goalsLabel")}
          </label>
          <textarea
            id="onboarding-goals"
            name="goals"
            rows={3}
            maxLength={GOALS_MAX_LENGTH}
            defaultValue={answers.goals}
            className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
        </div>
      );
  }
}

import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import { useAfterChange } from "~/components/use-after-change";
import {
  LAST_STEP,
  ONBOARDING_STEPS,
  type OnboardingState,
  progressOf,
} from "~/domain/onboarding/survey";
import { useT } from "~/i18n/use-t";
import { OnboardingStepFields } from "./onboarding-steps";

const buttonBase = "rounded-lg px-5 py-2.5 font-semibold disabled:cursor-not-allowed";

/**
 * With JS the rest of the page is inert and cannot scroll while the wizard is open; the focus
 * moves to the step title whenever the step changes.
 */
function useModal(step: number) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const background = Array.from(
      document.querySelectorAll<HTMLElement>("body > header, body > main, body > footer, body > a"),
    );
    for (const el of background) el.inert = true;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      for (const el of background) el.inert = false;
      document.body.style.overflow = overflow;
    };
  }, []);
  useAfterChange(step, () => titleRef.current?.focus());
  return titleRef;
}

/**
 * The onboarding wizard: 5 steps over every page, closed only by finishing. Each step
 * is a POST to /onboarding that comes back to this page, so it works without JavaScript.
 */
export function OnboardingDialog({ state }: { state: OnboardingState }) {
  const { step, answers } = state;
  const location = useLocation();
  const titleRef = useModal(step);
  const t = useT();
  const action = t.path("/onboarding");
  const saving = useIsPending({ action, intent: "finish" });
  const busy = useIsPending({ action });
  const progress = progressOf(step);
  const progressLabel = t("account.stepOf", {
    current: step + 1,
    total: ONBOARDING_STEPS.length,
  });
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/70 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="onboarding-title"
        aria-describedby="onboarding-intro"
        className="my-auto w-full max-w-lg rounded-2xl bg-white p-6 shadow-2xl sm:p-8"
      >
        <p id="onboarding-intro" className="text-sm text-slate-600">
          {t("account.onboardingIntro")}
        </p>
        <h2
          id="onboarding-title"
          ref={titleRef}
          tabIndex={-1}
          className="mt-2 text-2xl font-bold text-slate-900 focus:outline-none"
        >
          {t(`survey.steps.${step as 0 | 1 | 2 | 3 | 4}`)}
        </h2>
        <div className="mt-4">
          <div className="flex justify-between text-sm text-slate-700">
            <span>{progressLabel}</span>
            <span>{progress.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={t("account.onboardingProgress")}
            aria-valuemin={1}
            aria-valuemax={ONBOARDING_STEPS.length}
            aria-valuenow={step + 1}
            aria-valuetext={progressLabel}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700" style={{ width: `${progress.percent}%` }} />
          </div>
        </div>
        <Form method="post" action={action} preventScrollReset className="mt-6">
          <input type="hidden" name="step" value={step} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <div key={step}>
            <OnboardingStepFields step={step} answers={answers} />
          </div>
          {/* Next/Finish comes first in the markup so Enter in a field moves forward. */}
          <div className="mt-8 flex flex-row-reverse justify-between gap-3">
            {step < LAST_STEP ? (
              <button
                type="submit"
                name="intent"
                value="next"
                disabled={busy}
                className={`${buttonBase} bg-brand-700 text-white hover:bg-brand-800`}
              >
                {t("account.next")}
              </button>
            ) : (
              <button
                type="submit"
                name="intent"
                value="finish"
                disabled={busy}
                className={`${buttonBase} bg-brand-700 text-white hover:bg-brand-800`}
              >
                {saving ? t("common.saving") : t("account.finish")}
              </button>
            )}
            <button
              type="submit"
              name="intent"
              value="back"
              disabled={step === 0 || busy}
              className={`${buttonBase} border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:text-slate-500`}
            >
              {t("common.back")}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}

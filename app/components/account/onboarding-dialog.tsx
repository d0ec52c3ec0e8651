import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import {
  LAST_STEP,
  ONBOARDING_STEPS,
  type OnboardingState,
  progressOf,
} from "~/domain/onboarding/survey";
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the step changes
  useEffect(() => {
    titleRef.current?.focus();
  }, [step]);
  return titleRef;
}

/**
 * The onboarding wizard (spec §2): 5 steps over every page, closed only by finishing. Each step
 * is a POST to /onboarding that comes back to this page, so it works without JavaScript.
 */
export function OnboardingDialog({ state }: { state: OnboardingState }) {
  const { step, answers } = state;
  const location = useLocation();
  const titleRef = useModal(step);
  const saving = useIsPending({ action: "/onboarding", intent: "finish" });
  const busy = useIsPending({ action: "/onboarding" });
  const progress = progressOf(step);
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
          Welcome! A few quick questions help us tailor our services to you.
        </p>
        <h2
          id="onboarding-title"
          ref={titleRef}
          tabIndex={-1}
          className="mt-2 text-2xl font-bold text-slate-900 focus:outline-none"
        >
          {ONBOARDING_STEPS[step]}
        </h2>
        <div className="mt-4">
          <div className="flex justify-between text-sm text-slate-700">
            <span>{progress.label}</span>
            <span>{progress.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={1}
            aria-valuemax={ONBOARDING_STEPS.length}
            aria-valuenow={step + 1}
            aria-valuetext={progress.label}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700" style={{ width: `${progress.percent}%` }} />
          </div>
        </div>
        <Form method="post" action="/onboarding" preventScrollReset className="mt-6">
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
                Next
              </button>
            ) : (
              <button
                type="submit"
                name="intent"
                value="finish"
                disabled={busy}
                className={`${buttonBase} bg-brand-700 text-white hover:bg-brand-800`}
              >
                {saving ? "Saving..." : "Finish"}
              </button>
            )}
            <button
              type="submit"
              name="intent"
              value="back"
              disabled={step === 0 || busy}
              className={`${buttonBase} border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:text-slate-500`}
            >
              Back
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}

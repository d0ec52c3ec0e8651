/** The onboarding survey (spec §5): step titles and options, shared by the wizard and server. */
export const ONBOARDING_STEPS = ["About you", "Role", "Services", "Discover", "Goals"] as const;
export const LAST_STEP = ONBOARDING_STEPS.length - 1;

export const ROLE_OPTIONS = [
  "Entrepreneur",
  "Small business owner",
  "Developer",
  "Student",
  "Other",
] as const;

export const SERVICE_OPTIONS = [
  "Web Development",
  "Mobile Apps",
  "AI/ML",
  "Cloud Consulting",
  "UI/UX Design",
] as const;

export const DISCOVER_OPTIONS = ["Google", "Social Media", "Referral", "Event", "Other"] as const;

export const GOALS_MAX_LENGTH = 1000;

export interface OnboardingAnswers {
  fullName: string;
  role: string;
  services: string[];
  discover: string;
  goals: string;
}

/** What the wizard needs to render: the current step (0-based) and the answers so far. */
export interface OnboardingState {
  step: number;
  answers: OnboardingAnswers;
}

export const emptyAnswers = (fullName = ""): OnboardingAnswers => ({
  fullName,
  role: "",
  services: [],
  discover: "",
  goals: "",
});

export function clampStep(step: number): number {
  if (!Number.isInteger(step)) return 0;
  return Math.min(Math.max(step, 0), LAST_STEP);
}

/** "Step 2 of 5" and the progress fraction (step+1)/5. */
export function progressOf(step: number): { label: string; percent: number } {
  const current = clampStep(step) + 1;
  return {
    label: `Step ${current} of ${ONBOARDING_STEPS.length}`,
    percent: Math.round((current / ONBOARDING_STEPS.length) * 100),
  };
}

import { clipCodePoints } from "~/lib/text";
/** The onboarding survey: step titles and options, shared by the wizard and server. */
export const ONBOARDING_STEPS = ["About you", "Role", "Services", "Discover", "Goals"] as const;
export const LAST_STEP = ONBOARDING_STEPS.length - 1;

export const ROLE_OPTIONS = [
  "Entrepreneur",
  "Small business owner",
  "Developer",
  "Student",
  "Other",
] as const;

/**
 * Step 3's options are the agency's published services (their slugs; the wizard lists them from
 * the site's content in the visitor's language). Answers given before that kept these English
 * labels of a fixed list: they stay readable as they were given.
 */
export const LEGACY_SERVICE_OPTIONS = [
  "Web Development",
  "Mobile Apps",
  "AI/ML",
  "Cloud Consulting",
  "UI/UX Design",
] as const;

/** At most this many services are kept (more than the site offers). */
export const MAX_SERVICES = 20;
const SERVICE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Services chosen: slugs (≤ 100 characters) or a legacy label, each once, at most MAX_SERVICES. */
function servicesOf(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const kept = values.filter(
    (value): value is string =>
      typeof value === "string" &&
      ((value.length <= 100 && SERVICE_SLUG.test(value)) ||
        (LEGACY_SERVICE_OPTIONS as readonly string[]).includes(value)),
  );
  return [...new Set(kept)].slice(0, MAX_SERVICES);
}

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

/** The survey as stored in user metadata (no name: that is `full_name`). */
export type Survey = Omit<OnboardingAnswers, "fullName">;

export const NAME_MAX_LENGTH = 100;

function oneOf(value: unknown, options: readonly string[]): string {
  return typeof value === "string" && options.includes(value) ? value : "";
}

const text = (value: unknown, max: number) =>
  typeof value === "string" ? clipCodePoints(value, max) : "";

/**
 * The one reader of survey answers from untrusted storage (user metadata a user may edit, the
 * wizard's cookie): options outside the lists are dropped, texts bounded.
 */
export function parseSurvey(raw: unknown): Survey {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return {
    role: oneOf(r.role, ROLE_OPTIONS),
    services: servicesOf(r.services),
    discover: oneOf(r.discover, DISCOVER_OPTIONS),
    goals: text(r.goals, GOALS_MAX_LENGTH),
  };
}

/** Wizard answers from untrusted storage; the name falls back to the account's. */
export function parseAnswers(raw: unknown, fallbackName: string): OnboardingAnswers {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const fullName =
    typeof r.fullName === "string" ? text(r.fullName, NAME_MAX_LENGTH) : fallbackName;
  return { fullName, ...parseSurvey(raw) };
}

/** The step's posted fields merged into the answers (fields of other steps are ignored). */
export function applyStep(
  answers: OnboardingAnswers,
  step: number,
  posted: {
    fullName?: string;
    role?: string;
    services?: string[];
    discover?: string;
    goals?: string;
  },
): OnboardingAnswers {
  switch (step) {
    case 0:
      return { ...answers, fullName: text(posted.fullName?.trim(), NAME_MAX_LENGTH) };
    case 1:
      return { ...answers, role: oneOf(posted.role, ROLE_OPTIONS) };
    case 2:
      return { ...answers, services: servicesOf(posted.services ?? []) };
    case 3:
      return { ...answers, discover: oneOf(posted.discover, DISCOVER_OPTIONS) };
    default:
      return { ...answers, goals: text(posted.goals?.trim(), GOALS_MAX_LENGTH) };
  }
}

export type OnboardingIntent = "next" | "back" | "finish";

/** The step after `intent` (finish only means "save" on the last step; elsewhere it is next). */
export function nextStep(step: number, intent: OnboardingIntent): number {
  return clampStep(intent === "back" ? step - 1 : step + 1);
}

export function isFinish(step: number, intent: OnboardingIntent): boolean {
  return intent === "finish" && step === LAST_STEP;
}

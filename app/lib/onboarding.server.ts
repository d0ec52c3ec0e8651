import { randomBytes } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createCookieSessionStorage } from "react-router";
import {
  clampStep,
  DISCOVER_OPTIONS,
  emptyAnswers,
  GOALS_MAX_LENGTH,
  LAST_STEP,
  type OnboardingAnswers,
  type OnboardingState,
  ROLE_OPTIONS,
  SERVICE_OPTIONS,
} from "./onboarding";
import type { SessionUser } from "./session-user";
import { isSecureSite } from "./supabase.server";

const secret = process.env.SESSION_SECRET || randomBytes(32).toString("hex");

/** Wizard progress between steps: a signed browser-session cookie (works without JS). */
const storage = createCookieSessionStorage({
  cookie: {
    name: "onboarding",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecureSite(),
    secrets: [secret],
  },
});

const NAME_MAX = 100;

export type OnboardingIntent = "next" | "back" | "finish";

function cleanAnswers(raw: unknown, fallbackName: string): OnboardingAnswers {
  const base = emptyAnswers(fallbackName);
  if (!raw || typeof raw !== "object") return base;
  const r = raw as Partial<Record<keyof OnboardingAnswers, unknown>>;
  const text = (v: unknown, max: number, fallback: string) =>
    typeof v === "string" ? v.slice(0, max) : fallback;
  return {
    fullName: text(r.fullName, NAME_MAX, base.fullName),
    role: oneOf(r.role, ROLE_OPTIONS),
    services: Array.isArray(r.services) ? someOf(r.services, SERVICE_OPTIONS) : [],
    discover: oneOf(r.discover, DISCOVER_OPTIONS),
    goals: text(r.goals, GOALS_MAX_LENGTH, ""),
  };
}

function oneOf(value: unknown, options: readonly string[]): string {
  return typeof value === "string" && options.includes(value) ? value : "";
}

function someOf(values: unknown[], options: readonly string[]): string[] {
  return options.filter((option) => values.includes(option));
}

/** The wizard state of this browser for `user` (a fresh start if the cookie is someone else's). */
export async function readOnboarding(
  request: Request,
  user: SessionUser,
): Promise<OnboardingState> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (session.get("userId") !== user.id) return { step: 0, answers: emptyAnswers(user.fullName) };
  return {
    step: clampStep(Number(session.get("step"))),
    answers: cleanAnswers(session.get("answers"), user.fullName),
  };
}

/** Merges the fields of the posted step into the answers (fields of other steps are ignored). */
export function applyStepFields(
  answers: OnboardingAnswers,
  step: number,
  form: FormData,
): OnboardingAnswers {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  switch (step) {
    case 0:
      return { ...answers, fullName: text("fullName").slice(0, NAME_MAX) };
    case 1:
      return { ...answers, role: oneOf(text("role"), ROLE_OPTIONS) };
    case 2:
      return { ...answers, services: someOf(form.getAll("services"), SERVICE_OPTIONS) };
    case 3:
      return { ...answers, discover: oneOf(text("discover"), DISCOVER_OPTIONS) };
    default:
      return { ...answers, goals: text("goals").slice(0, GOALS_MAX_LENGTH) };
  }
}

export function parseIntent(value: FormDataEntryValue | null): OnboardingIntent {
  return value === "back" || value === "finish" ? value : "next";
}

/** The step after `intent` (finish only means "save" on the last step; elsewhere it is next). */
export function nextStep(step: number, intent: OnboardingIntent): number {
  return clampStep(intent === "back" ? step - 1 : step + 1);
}

export function isFinish(step: number, intent: OnboardingIntent): boolean {
  return intent === "finish" && step === LAST_STEP;
}

export async function commitOnboarding(
  request: Request,
  userId: string,
  state: OnboardingState,
): Promise<string> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set("userId", userId);
  session.set("step", state.step);
  session.set("answers", state.answers);
  return storage.commitSession(session);
}

export async function clearOnboarding(request: Request): Promise<string> {
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}

/** Saves the survey to user metadata (spec §7); returns the backend's message on failure. */
export async function saveOnboarding(
  supabase: SupabaseClient,
  answers: OnboardingAnswers,
): Promise<string | null> {
  const { role, services, discover, goals } = answers;
  try {
    const { error } = await supabase.auth.updateUser({
      data: {
        full_name: answers.fullName,
        onboarded: true,
        survey: { role, services, discover, goals },
      },
    });
    return error ? error.message : null;
  } catch (error) {
    return error instanceof Error ? error.message : "Could not save your answers.";
  }
}

import { describe, expect, it } from "vitest";
import { emptyAnswers, progressOf } from "~/lib/onboarding";
import { applyStepFields, isFinish, nextStep, parseIntent } from "~/lib/onboarding.server";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe("onboarding wizard state", () => {
  it("shows progress as (step+1)/5", () => {
    expect(progressOf(0)).toEqual({ label: "Step 1 of 5", percent: 20 });
    expect(progressOf(4)).toEqual({ label: "Step 5 of 5", percent: 100 });
    expect(progressOf(9)).toEqual({ label: "Step 5 of 5", percent: 100 });
  });

  it("moves one step at a time within the first and last step", () => {
    expect(nextStep(0, "back")).toBe(0);
    expect(nextStep(0, "next")).toBe(1);
    expect(nextStep(3, "back")).toBe(2);
    expect(nextStep(4, "next")).toBe(4);
    expect(isFinish(4, "finish")).toBe(true);
    expect(isFinish(2, "finish")).toBe(false);
    expect(parseIntent("finish")).toBe("finish");
    expect(parseIntent("anything")).toBe("next");
    expect(parseIntent(null)).toBe("next");
  });

  it("keeps only the posted step's answers, restricted to the spec's options", () => {
    const start = emptyAnswers("Amina W");
    const afterRole = applyStepFields(
      start,
      1,
      form([
        ["role", "Developer"],
        ["fullName", "X"],
      ]),
    );
    expect(afterRole).toEqual({ ...start, role: "Developer" });
    expect(applyStepFields(start, 1, form([["role", "Hacker"]])).role).toBe("");
    const services = applyStepFields(
      start,
      2,
      form([
        ["services", "UI/UX Design"],
        ["services", "Web Development"],
        ["services", "Crypto"],
      ]),
    ).services;
    expect(services).toEqual(["Web Development", "UI/UX Design"]);
    expect(applyStepFields(start, 3, form([["discover", "Event"]])).discover).toBe("Event");
    expect(applyStepFields(start, 4, form([["goals", "  Grow  "]])).goals).toBe("Grow");
    expect(applyStepFields(start, 0, form([])).fullName).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import {
  applyStep,
  emptyAnswers,
  isFinish,
  nextStep,
  parseSurvey,
  progressOf,
} from "~/domain/onboarding/survey";

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
  });

  it("keeps only the posted step's answers, restricted to the survey's options", () => {
    const start = emptyAnswers("Amina W");
    const afterRole = applyStep(start, 1, { role: "Developer", fullName: "X" });
    expect(afterRole).toEqual({ ...start, role: "Developer" });
    expect(applyStep(start, 1, { role: "Hacker" }).role).toBe("");
    // Step 3 lists the agency's services by slug; answers of the old fixed list stay readable.
    const services = applyStep(start, 2, {
      services: ["bulk-sms", "web-hosting", "bulk-sms", "UI/UX Design", "Crypto", "<b>", "a--b"],
    }).services;
    expect(services).toEqual(["bulk-sms", "web-hosting", "UI/UX Design"]);
    const many = Array.from({ length: 30 }, (_, i) => `service-${i}`);
    expect(applyStep(start, 2, { services: many }).services).toHaveLength(20);
    expect(applyStep(start, 2, { services: ["x".repeat(101)] }).services).toEqual([]);
    expect(applyStep(start, 3, { discover: "Event" }).discover).toBe("Event");
    expect(applyStep(start, 4, { goals: "  Grow  " }).goals).toBe("Grow");
    expect(applyStep(start, 0, {}).fullName).toBe("");
  });

  it("reads stored answers defensively (user metadata and cookies are untrusted)", () => {
    expect(parseSurvey({ role: "Developer", services: ["AI/ML", 7, "Crypto"], goals: 5 })).toEqual({
      role: "Developer",
      services: ["AI/ML"],
      discover: "",
      goals: "",
    });
    expect(parseSurvey(null)).toEqual({ role: "", services: [], discover: "", goals: "" });
  });
});

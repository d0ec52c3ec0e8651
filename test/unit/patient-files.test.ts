import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PATIENT_FILES } from "../setup/patient-files";

describe("the patient files", () => {
  it("name test files that exist and are not abuse tests, once each", () => {
    for (const file of PATIENT_FILES) {
      expect(existsSync(file), file).toBe(true);
      expect(file, file).toMatch(/(?<!\.abuse)\.test\.ts$/);
    }
    expect(new Set(PATIENT_FILES).size).toBe(PATIENT_FILES.length);
  });

  it("hold no clock: no timing bound, deadline or rate-limit window in them", () => {
    const clocks =
      /performance\.now|setTimeout|deadline|waitForLog|RATE_LIMIT|toBeLessThan\(\w*(Ms|MS)\b/;
    for (const file of PATIENT_FILES) expect(readFileSync(file, "utf8"), file).not.toMatch(clocks);
  });
});

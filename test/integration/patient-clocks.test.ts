import { join } from "node:path";
import { openDatabase } from "@jenga/supabase-local/database";
import { createTestDataDir, loadRoleSettings } from "@jenga/supabase-local/testing";
import { describe, expect, it } from "vitest";
import { env } from "~/infra/env.server";
import { PATIENT_STATEMENT_TIMEOUT } from "../setup/patient-setup";

/**
 * The patient files run niced beside the abuse suite, where a flood can hold them for tens of
 * seconds (vitest.patient.config.ts): the clocks a starved process would miss are relaxed there.
 * This file runs in that lane.
 */
describe("the patient lane", () => {
  it("lets the app wait four minutes for its backend", () => {
    expect(env().SUPABASE_TIMEOUT_MS).toBe(240_000);
  });

  it("gives every backend it starts API roles that wait four minutes for a statement", async () => {
    const dir = await createTestDataDir();
    const db = await openDatabase(join(dir, "pgdata"));
    try {
      const { authenticator, roles } = await loadRoleSettings(db);
      const expected = PATIENT_STATEMENT_TIMEOUT;
      expect(authenticator.statement_timeout).toBe(expected);
      expect(roles.anon?.statement_timeout).toBe(expected);
      expect(roles.authenticated?.statement_timeout).toBe(expected);
    } finally {
      await db.close();
    }
  });
});

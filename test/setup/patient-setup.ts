/**
 * Vitest globalSetup of the patient files (vitest.patient.config.ts): the main run's template,
 * then a copy of it whose API roles wait up to four minutes for a statement instead of hosted
 * Supabase's 3 s (anon) and 8 s (authenticated, authenticator). Beside the abuse suite at nice
 * 19, a flood can hold a patient file's backend for tens of seconds: a 5 ms statement may then
 * take seconds of wall time, and the watchdog would cancel it. Every backend and site the
 * files start copies this template (SUPABASE_TEMPLATE_DIR). The bounds themselves are tested in
 * the main run (supabase/local/test/statement-timeouts.test.ts).
 */
import { cpSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "@jenga/supabase-local/database";
import setup from "./global-setup.ts";

export const PATIENT_STATEMENT_TIMEOUT = "4min";

/** Sets the API roles' statement_timeout in the data directory `dir` to four minutes. */
async function relaxStatementTimeouts(dir: string): Promise<void> {
  const db = await openDatabase(join(dir, "pgdata"));
  try {
    await db.exec(
      ["anon", "authenticated", "authenticator"]
        .map((role) => `alter role ${role} set statement_timeout = '${PATIENT_STATEMENT_TIMEOUT}';`)
        .join("\n"),
    );
  } finally {
    await db.close();
  }
}

export default async function patientSetup(): Promise<() => void> {
  const removeScratch = await setup();
  const relaxed = join(process.env.SUPABASE_TEST_TMPDIR as string, "patient-template");
  cpSync(process.env.SUPABASE_TEMPLATE_DIR as string, relaxed, { recursive: true });
  await relaxStatementTimeouts(relaxed);
  process.env.SUPABASE_TEMPLATE_DIR = relaxed;
  return removeScratch;
}

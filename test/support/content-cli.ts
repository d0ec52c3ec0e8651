/**
 * `npm run content:export` / `content:import` (scripts/site-content.ts) run in the test's
 * process against a test backend, as an operator would run them against hosted Supabase
 * (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY): the exit code and everything printed.
 */
import type { TestBackend } from "@jenga/supabase-local/testing";
import { vi } from "vitest";
import { main } from "../../scripts/site-content.ts";

export async function contentCli(
  argv: string[],
  backend: Pick<TestBackend, "url" | "serviceRoleKey">,
): Promise<{ code: number; output: string }> {
  const out: string[] = [];
  const keep = (line: unknown) => void out.push(String(line));
  const log = vi.spyOn(console, "log").mockImplementation(keep);
  const err = vi.spyOn(console, "error").mockImplementation(keep);
  try {
    const env = { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
    return { code: await main(argv, env), output: out.join("\n") };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

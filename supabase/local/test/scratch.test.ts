import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchRoot, startScratchRun } from "../scratch.ts";

describe("a test run's scratch directory", () => {
  const outer = process.env.SUPABASE_TEST_TMPDIR;
  const root = mkdtempSync(join(scratchRoot(), "scratch-test-"));
  afterEach(() => {
    if (outer === undefined) delete process.env.SUPABASE_TEST_TMPDIR;
    else process.env.SUPABASE_TEST_TMPDIR = outer;
    rmSync(root, { recursive: true, force: true });
  });

  function run(name: string, pid: number) {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, "pid"), String(pid));
    writeFileSync(join(root, name, "copy-of-a-backend"), "40 MB, in RAM");
  }

  it("holds the run's copies, goes when the run ends, and sweeps runs whose process is gone", () => {
    const gone = spawnSync(process.execPath, ["-e", "process.pid"]).pid as number;
    run("supabase-local-run-interrupted", gone);
    run("supabase-local-run-still-going", process.pid);
    process.env.SUPABASE_TEST_TMPDIR = root;

    const end = startScratchRun();
    const mine = process.env.SUPABASE_TEST_TMPDIR ?? "";
    expect(mine.startsWith(join(root, "supabase-local-run-"))).toBe(true);
    expect(readdirSync(root).sort()).toEqual(
      ["supabase-local-run-still-going", mine.slice(root.length + 1)].sort(),
    );
    expect(scratchRoot()).toBe(mine);

    end();
    expect(existsSync(mine)).toBe(false);
    expect(existsSync(join(root, "supabase-local-run-still-going"))).toBe(true);
  });
});

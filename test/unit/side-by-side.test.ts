import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SCRIPT = resolve("scripts/side-by-side.ts");
/** Prints the CPU priority (niceness) its process runs at, then exits with the code given. */
const priority = (code: number) =>
  `node -e "console.log('nice', require('node:os').getPriority()); process.exit(${code})"`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "side-by-side-"));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "side-by-side-fixture",
      private: true,
      scripts: { first: priority(0), second: priority(0), failing: priority(3) },
    }),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  return promisify(execFile)(process.execPath, [SCRIPT, ...args], { cwd: dir }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe("scripts/side-by-side.ts", () => {
  it("runs the scripts at once, each line under its name; those after --niced at nice 19", async () => {
    const base = (await run("first")).stdout.match(/\[first\] nice (\d+)/)?.[1];
    const { code, stdout } = await run("first", "--niced", "second");
    expect(code).toBe(0);
    expect(stdout).toContain(`[first] nice ${base}`);
    expect(stdout).toContain("[second] nice 19");
  }, 30_000);

  it("fails, naming the script, when one fails, after all have run", async () => {
    const { code, stdout, stderr } = await run("failing", "--niced", "second");
    expect(code).toBe(1);
    expect(stdout).toContain("[second] nice 19");
    expect(stderr).toContain("failed: failing");
  }, 30_000);
});

import { spawn } from "node:child_process";

/**
 * Runs npm scripts at the same time, each line of output prefixed with its script's name, and
 * fails when any of them fails (after all have finished, so no output is cut short).
 *
 * `npm test` runs the type check, the linter and Vitest beside the Lighthouse gate: the gate
 * times a page by the CPU its threads had, not by the wall clock (docs/decisions/016), so other
 * processes on the cores do not move its scores, and Vitest's files must pass on a busy machine
 * anyway. Together they take the time of the longest instead of the sum (2026-11-29, fresh
 * build: Lighthouse 129 s beside Vitest 358 s, where one after the other took 134 + 303 s).
 * The abuse suite, whose floods measure time, still runs alone after them.
 *
 * Usage: node scripts/side-by-side.ts <npm script> <npm script> …
 */
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/side-by-side.ts <npm script> <npm script> …");
  process.exit(2);
}

function prefixed(name: string, write: (line: string) => void) {
  let rest = "";
  return {
    chunk(data: Buffer) {
      const lines = (rest + data.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) write(`[${name}] ${line}\n`);
    },
    end() {
      if (rest) write(`[${name}] ${rest}\n`);
    },
  };
}

function run(name: string): Promise<number> {
  const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
  const out = prefixed(name, (line) => process.stdout.write(line));
  const err = prefixed(name, (line) => process.stderr.write(line));
  child.stdout.on("data", out.chunk);
  child.stderr.on("data", err.chunk);
  return new Promise((resolve) =>
    child.once("close", (code, signal) => {
      out.end();
      err.end();
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

const codes = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exit(1);
}

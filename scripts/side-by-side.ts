import { spawn } from "node:child_process";

/**
 * Runs npm scripts at the same time, each line of output prefixed with its script's name, and
 * fails when any of them fails (after all have finished, so no output is cut short). Scripts
 * named after `--niced` run at the lowest CPU priority (`nice -n 19`, inherited by every process
 * they start): they take only what the others leave idle.
 *
 * `npm test` runs Vitest alone, then the abuse suite with the type check, the linter, the
 * Lighthouse gate and the patient Vitest files (test/setup/patient-files.ts) niced beside it.
 * The abuse suite's floods measure time, so it needs the cores to itself — yet it leaves them
 * ~40 % idle (its tests wait out the server's timeouts on stalled requests). Niced work takes
 * that idle without moving its bounds (docs/testing.md): a waking abuse process takes a core
 * back from a nice-19 one at once. The checks have no clock, the patient files' run relaxes the
 * clocks they do not see (vitest.patient.config.ts), and the Lighthouse gate times a page by the
 * CPU its threads had, not by the wall clock (docs/decisions/016), so waiting for a core moves
 * none of them.
 *
 * Usage: node scripts/side-by-side.ts <npm script> … [--niced <npm script> …]
 */
const args = process.argv.slice(2);
const nicedFrom = args.includes("--niced") ? args.indexOf("--niced") : args.length;
const scripts = args.filter((arg) => arg !== "--niced");
const niced = new Set(args.slice(nicedFrom + 1));
if (scripts.length === 0) {
  console.error("usage: node scripts/side-by-side.ts <npm script> … [--niced <npm script> …]");
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
  const npm = ["run", "--silent", name];
  const child = niced.has(name)
    ? spawn("nice", ["-n", "19", "npm", ...npm], { stdio: ["ignore", "pipe", "pipe"] })
    : spawn("npm", npm, { stdio: ["ignore", "pipe", "pipe"] });
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

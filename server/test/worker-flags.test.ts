import { describe, expect, it } from "vitest";
import { WORKER_SEMI_SPACE_MB, workerExecArgv } from "../worker-flags.ts";

describe("workerExecArgv", () => {
  it("caps the workers' young generation, keeping the primary's other flags", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual([
      "--enable-source-maps",
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    ]);
  });

  it("leaves an operator's own semi-space size alone, in the flags or NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=64"])).toEqual(["--max-semi-space-size=64"]);
    expect(workerExecArgv([], "--max_semi_space_size=4 --trace-gc")).toEqual([]);
  });
});

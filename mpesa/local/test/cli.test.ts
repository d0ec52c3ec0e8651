import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));

describe("node mpesa/local/cli.ts", { timeout: 10_000 }, () => {
  it("prints where it is and its credentials, answers, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [CLI], {
      env: { ...process.env, MPESA_LOCAL_PORT: "0", MPESA_SHORTCODE: "600100" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
        const match = /Phone page: +(http:\/\/\S+)\/phone/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect(out).toContain("Consumer key:     local-standin-consumer-key");
    expect(out).toContain("Shortcode:        600100");
    expect((await fetch(`${url}/phone`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

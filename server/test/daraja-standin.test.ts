import { createServer as createNetServer } from "node:net";
import { closeAll, receiver } from "@jenga/daraja-local/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "~/infra/env.server";
import { closingStandInToo, startDarajaStandInIfNeeded } from "../daraja-standin.ts";

/**
 * The server's start of the local Daraja stand-in (server/daraja-standin.ts): with no Daraja
 * credentials it points the site at the stand-in and gives the M-Pesa hooks secrets; with them,
 * nothing starts. (between-files.ts puts the environment back after this file.)
 */
const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
  await closeAll();
});

function localEnv(extra: Record<string, string> = {}) {
  for (const name of ["MPESA_BASE_URL", "MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET"]) {
    vi.stubEnv(name, "");
  }
  vi.stubEnv("HOOK_MPESA_SECRET", "");
  vi.stubEnv("HOOK_MPESAC2B_SECRET", "");
  vi.stubEnv("MPESA_LOCAL_PORT", "0");
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
  return env();
}

async function start(siteUrl: string, extra: Record<string, string> = {}) {
  const lines: string[] = [];
  const standIn = await startDarajaStandInIfNeeded(localEnv(extra), siteUrl, (l) => lines.push(l));
  if (standIn) started.push(standIn);
  return { standIn, lines };
}

describe("the site's local Daraja stand-in", { timeout: 10_000 }, () => {
  it("starts without credentials and points MPESA_* and the M-Pesa hooks at it", async () => {
    const { standIn, lines } = await start("http://127.0.0.1:3999");
    expect(standIn).toBeDefined();
    const current = env();
    expect(current.MPESA_BASE_URL).toBe(standIn!.url);
    expect(current.MPESA_CONSUMER_KEY).toBe(standIn!.consumerKey);
    expect(current.MPESA_CONSUMER_SECRET).toBe(standIn!.consumerSecret);
    expect(process.env.HOOK_MPESA_SECRET).toMatch(/^[0-9a-f]{48}$/);
    expect(process.env.HOOK_MPESAC2B_SECRET).toMatch(/^[0-9a-f]{48}$/);
    expect(Object.keys(current.HOOKS)).toEqual(expect.arrayContaining(["mpesa", "mpesac2b"]));
    expect(lines).toContain(`Local Daraja stand-in (M-Pesa): ${standIn!.url}`);
    expect(lines).toContain(`Phone: ${standIn!.url}/phone`);
    expect(lines.join("\n")).not.toContain("simulated");
    const basic = Buffer.from(`${current.MPESA_CONSUMER_KEY}:${current.MPESA_CONSUMER_SECRET}`);
    const token = await fetch(
      `${current.MPESA_BASE_URL}/oauth/v1/generate?grant_type=client_credentials`,
      {
        headers: { Authorization: `Basic ${basic.toString("base64")}` },
      },
    );
    expect(token.status).toBe(200);
  });

  it("says in production that payments are simulated", async () => {
    const { lines } = await start("http://127.0.0.1:3999", { NODE_ENV: "production" });
    expect(lines.at(-1)).toMatch(
      /^M-Pesa payments are simulated by the local stand-in: set MPESA_BASE_URL/,
    );
  });

  it("knows the site's merchant and posts Paybill payments to the site's C2B hook", async () => {
    const site = await receiver();
    const { standIn } = await start(site.url, {
      HOOK_MPESAC2B_SECRET: "c".repeat(40),
      MPESA_SHORTCODE: "600100",
      MPESA_PASSKEY: "local-passkey",
      MPESA_PAYBILL: "600200",
    });
    expect([standIn!.shortcode, standIn!.passkey]).toEqual(["600100", "local-passkey"]);
    expect(process.env.HOOK_MPESAC2B_SECRET).toBe("c".repeat(40));
    await standIn!.payBill({
      paybill: "600200",
      account: "JD-2026-0001",
      amount: "1500",
      phone: "0708374149",
    }).done;
    const [posted] = await site.waitFor(1);
    expect(posted!.path).toBe(`/hooks/mpesac2b/${"c".repeat(40)}`);
    expect(posted!.headers["x-forwarded-for"]).toBe("196.201.214.200");
    expect(posted!.body).toMatchObject({
      BusinessShortCode: "600200",
      BillRefNumber: "JD-2026-0001",
      MSISDN: "2547 ***** 149",
    });
  });

  it("posts to MPESA_CALLBACK_ORIGIN when it is set", async () => {
    const site = await receiver();
    const { standIn } = await start("http://127.0.0.1:3999", { MPESA_CALLBACK_ORIGIN: site.url });
    expect(standIn!.registrations()[0]?.confirmationUrl).toMatch(
      new RegExp(`^${site.url}/hooks/mpesac2b/[0-9a-f]{48}$`),
    );
  });

  it("starts nothing with Daraja credentials", async () => {
    const { standIn, lines } = await start("http://127.0.0.1:3999", {
      MPESA_BASE_URL: "https://sandbox.safaricom.co.ke",
      MPESA_CONSUMER_KEY: "key",
      MPESA_CONSUMER_SECRET: "secret",
    });
    expect(standIn).toBeUndefined();
    expect(lines).toEqual(["Using Daraja at https://sandbox.safaricom.co.ke"]);
    expect(process.env.HOOK_MPESA_SECRET).toBe("");
  });

  it("says which variable to change when its port is taken", async () => {
    const blocker = createNetServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(
        start("http://127.0.0.1:3999", { MPESA_LOCAL_PORT: String(port) }),
      ).rejects.toThrow(
        `The local Daraja stand-in cannot listen on port ${port}: it is in use. Set MPESA_LOCAL_PORT`,
      );
    } finally {
      blocker.close();
    }
  });

  it("is closed with the backend handle the shutdown paths close", async () => {
    const order: string[] = [];
    const handle = closingStandInToo(
      { onContentChanged: () => {}, close: async () => void order.push("backend") },
      { close: async () => void order.push("stand-in") },
    );
    await handle!.close();
    expect(order).toEqual(["stand-in", "backend"]);
    const alone = closingStandInToo(undefined, { close: async () => void order.push("alone") });
    await alone!.close();
    expect(order.at(-1)).toBe("alone");
    expect(closingStandInToo(undefined, undefined)).toBeUndefined();
  });
});

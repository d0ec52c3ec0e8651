import { afterEach, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "../support/site";

/**
 * The production server without Daraja credentials starts the local Daraja stand-in on
 * MPESA_LOCAL_PORT, logs where it and its phone page are, points C2B at the site's hook, and
 * stops it with itself — in one process and as a cluster (the stand-in lives in the primary).
 */
const C2B_SECRET = "a".repeat(48);
let site: TestSite | undefined;
afterEach(async () => {
  await site?.stop();
  site = undefined;
});

const reachable = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => undefined,
  );

describe.each(["1", "2"])("the site's Daraja stand-in (WEB_CONCURRENCY=%s)", (workers) => {
  it("starts with the site, answers with the local credentials, and stops with it", {
    timeout: 90_000,
  }, async () => {
    site = await startTestSite({
      env: { WEB_CONCURRENCY: workers, HOOK_MPESAC2B_SECRET: C2B_SECRET },
    });
    const { darajaUrl } = site;
    await site.waitForLog(new RegExp(`^Local Daraja stand-in \\(M-Pesa\\): ${darajaUrl}$`));
    await site.waitForLog(new RegExp(`^Phone: ${darajaUrl}/phone$`));
    expect(await reachable(`${darajaUrl}/phone`)).toBe(200);
    const basic = Buffer.from("local-standin-consumer-key:local-standin-consumer-secret");
    const token = await fetch(`${darajaUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { Authorization: `Basic ${basic.toString("base64")}` },
    });
    expect(token.status).toBe(200);
    const registrations = await (await fetch(`${darajaUrl}/__standin/registrations`)).json();
    expect(registrations).toEqual([
      expect.objectContaining({
        shortcode: "174379",
        confirmationUrl: `${site.url}/hooks/mpesac2b/${C2B_SECRET}`,
        version: "v2",
      }),
    ]);
    await site.stop();
    site = undefined;
    expect(await reachable(`${darajaUrl}/phone`)).toBeUndefined();
  });
});

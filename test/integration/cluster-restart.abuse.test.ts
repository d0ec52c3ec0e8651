import { afterAll, describe, expect, it } from "vitest";
import { contactForm, FORM_HEADERS } from "../support/http-client";
import { startTestSite, type TestSite } from "../support/site";

/**
 * A deploy with no dropped request: SIGHUP restarts the two workers one at a time while eight
 * keep-alive clients read pages and post messages; every request gets a proper answer.
 */
describe("SIGHUP rolling restart", () => {
  let site: TestSite | undefined;
  afterAll(async () => site?.stop());

  it("restarts every worker under load with 0 failed requests", async () => {
    site = await startTestSite({ env: { WEB_CONCURRENCY: "2", PAGE_CACHE: "off" } });
    const url = site.url;
    const failures: string[] = [];
    let answered = 0;
    let stop = false;
    const paths = ["/", "/blog", "/services", "/contact"];
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        // Two of the eight clients post (every 4th request): a human pace per worker, well under
        // the form gate's 20 posts/s for an overloaded loop (server/form-gate.ts), which a loaded
        // 2-core machine is; a flood of posts is the login-flood bench's and abuse tests' case.
        const post = n < 2 && (n + i) % 4 === 0;
        const path = post ? "/contact" : paths[(n + i) % paths.length];
        try {
          const response = await fetch(`${url}${path}`, {
            method: post ? "POST" : "GET",
            redirect: "manual",
            headers: post ? FORM_HEADERS : {},
            body: post ? contactForm(`Rolling restart message ${n}-${i}.`) : undefined,
          });
          await response.arrayBuffer();
          if (response.status >= 400) failures.push(`${path} ${response.status}`);
          else answered++;
        } catch (error) {
          failures.push(`${path} ${(error as Error).cause ?? error}`);
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    while (answered < 100) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = answered;
    site.child.kill("SIGHUP");
    await site.waitForLog(/Workers restarted/, 45_000);
    const after = answered;
    // Keep the load on until the new workers have answered a while on their own.
    while (answered < after + 100) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    const served = new Set(site.requests().map((r) => r.worker));
    expect(served.has(3) && served.has(4)).toBe(true);
    console.log(
      `rolling restart: ${answered} answers (${after - before} during the restart), 0 failed`,
    );
  }, 90_000); // ~26 s on a quiet machine
});

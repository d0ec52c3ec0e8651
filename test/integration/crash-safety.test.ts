import { afterAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "../support/site";

/**
 * Crash safety: contact messages are written while the server is killed with SIGKILL; after a
 * restart on the same data directory every acknowledged message is there and the database works.
 */
describe("crash safety", () => {
  let site: TestSite | undefined;
  afterAll(async () => site?.stop());

  it("keeps every acknowledged message across a SIGKILL mid-stream", async () => {
    site = await startTestSite();
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (stream: number) => {
      for (let i = 0; !stop; i++) {
        const message = `crash-test stream ${stream} message ${i} ${Date.now()}`;
        try {
          const response = await fetch(`${site?.url}/contact`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              name: "Crash Test",
              email: "crash@example.com",
              message,
              name__confirm: "",
            }),
          });
          if (response.status < 400) acknowledged.push(message);
          else if (response.status !== 503) throw new Error(`unexpected status ${response.status}`);
        } catch (error) {
          if (!stop && !(error instanceof TypeError)) throw error;
          return; // connection reset by the kill
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    await site.kill();
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    site = await startTestSite({ dataDir: site.dataDir });
    const { data, error } = await site.service
      .from("contact_messages")
      .select("message")
      .like("message", "crash-test%");
    expect(error).toBeNull();
    const stored = new Set((data ?? []).map((row) => row.message as string));
    const lost = acknowledged.filter((m) => !stored.has(m));
    expect(lost).toEqual([]);
    // The database opened cleanly: new writes work.
    const after = await fetch(`${site.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "After",
        email: "after@example.com",
        message: "Written after the restart.",
        name__confirm: "",
      }),
    });
    expect(after.status).toBeLessThan(400);
    console.log(
      `crash safety: ${acknowledged.length} acknowledged before SIGKILL, ${stored.size} stored, 0 lost`,
    );
  }, 90_000);
});

/**
 * SQL runs on the database thread: while a long statement runs, the backend's event loop
 * answers everything that needs no database — health probes, the JWKS, the mailbox's
 * refusals — at once. (With PGlite on the event loop, each waited for the statement's end.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { median, serviceClient, sleep } from "./helpers.ts";
import { SLOW_FIXTURES, timed } from "./slow-fixtures.ts";

let backend: SqlTestBackend;

beforeAll(async () => {
  backend = await startBackendWithSql(SLOW_FIXTURES);
});
afterAll(() => backend?.close());

async function probe(path: string, init?: RequestInit): Promise<{ status: number; ms: number }> {
  const { value, ms } = await timed(async () => {
    const response = await fetch(`${backend.url}${path}`, init);
    await response.arrayBuffer();
    return response.status;
  });
  return { status: value, ms };
}

describe("the event loop during a long statement", () => {
  it("answers probes and the mailbox's refusals in milliseconds while SQL runs for 3 s", async () => {
    let statementDone = false;
    const statement = serviceClient(backend)
      .rpc("slow", { seconds: 3 })
      .then((result) => {
        statementDone = true;
        return result;
      });
    await sleep(300);
    const answers: { status: number; ms: number }[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await probe("/auth/v1/health"));
      answers.push(await probe("/auth/v1/.well-known/jwks.json"));
      // No Host of the backend's own: refused before any database work.
      answers.push(
        await probe("/mailbox/messages.json", { headers: { origin: "https://evil.example" } }),
      );
    }
    const answeredWhileBusy = !statementDone;
    expect((await statement).error).toBeNull();
    expect(answeredWhileBusy).toBe(true);
    expect(answers.map(({ status }) => status)).toEqual(
      Array.from({ length: 5 }, () => [200, 200, 403]).flat(),
    );
    // On the event loop each would have waited for the statement (seconds); a loaded
    // machine still answers these in tens of ms.
    expect(median(answers.map(({ ms }) => ms))).toBeLessThan(200);
    expect(Math.max(...answers.map(({ ms }) => ms))).toBeLessThan(1000);
  });
});

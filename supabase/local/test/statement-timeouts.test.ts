/**
 * Every statement has a bound, as on hosted Supabase: a REST request its role's
 * statement_timeout (anon 3 s; service_role the authenticator's 8 s), auth and storage their
 * services' own. Past it the statement is stopped (the database thread is replaced and the
 * directory reopened) and each API answers as its hosted counterpart does; the backend is
 * usable at once, committed data is intact, the stopped transaction's writes are gone,
 * statements queued behind it run, and LISTEN still delivers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../template.ts";
import { rawRequest, type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { anonClient, serviceClient, sleep } from "./helpers.ts";
import { SLOW_FIXTURES, timed } from "./slow-fixtures.ts";

let backend: SqlTestBackend;
const notified: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  backend = await startBackendWithSql(SLOW_FIXTURES, {
    log: (line) => logged.push(line),
    notifyChannels: ["test_events"],
    onNotify: (_channel, payload) => notified.push(payload),
    // The services' own bounds shrunk from hosted's 10 s and 30 s; the roles' are hosted's.
    database: { authStatementTimeoutMs: 1000, storageStatementTimeoutMs: 1000 },
  });
});
afterAll(() => backend?.close());

const reopens = () => logged.filter((line) => line.includes("reopening the database")).length;

async function notes(): Promise<string[]> {
  const { data, error } = await serviceClient(backend).from("notes").select("body").order("id");
  if (error) throw error;
  return data.map((row) => row.body as string);
}

describe("REST: the role's statement_timeout", () => {
  it("sets each role's timeout in the request, as PostgREST does", async () => {
    const asAnon = await anonClient(backend).rpc("slow", { seconds: 0 });
    const asService = await serviceClient(backend).rpc("slow", { seconds: 0 });
    expect(asAnon.data).toBe("3s");
    expect(asService.data).toBe("8s"); // no timeout of its own: the authenticator's
  });

  it("stops an anon statement after 3 s with PostgREST's 57014 answer", async () => {
    const { value, ms } = await timed(() =>
      rawRequest(backend, "/rest/v1/rpc/slow", {
        method: "POST",
        key: backend.anonKey,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds: 10 }),
      }),
    );
    expect(value.status).toBe(500);
    expect(value.body).toEqual({
      code: "57014",
      details: null,
      hint: null,
      message: "canceling statement due to statement timeout",
    });
    expect(value.headers.get("proxy-status")).toBe("PostgREST; error=57014");
    // 3 s, then the answer; the reopen happens after it (a loaded machine adds some).
    expect(ms).toBeGreaterThanOrEqual(2990);
    expect(ms).toBeLessThan(5000);
  });

  it("lets a service-role statement run past anon's bound, up to the authenticator's 8 s", async () => {
    const service = serviceClient(backend);
    const within = await timed(() => service.rpc("slow", { seconds: 3.5 }));
    expect(within.value).toMatchObject({ data: "8s", error: null });
    const past = await timed(() => service.rpc("slow", { seconds: 20 }));
    expect(past.value.error).toMatchObject({ code: "57014" });
    expect(past.value.status).toBe(500);
    expect(past.ms).toBeGreaterThanOrEqual(7990);
    expect(past.ms).toBeLessThan(10_000);
  }, 40_000);
});

describe("after a statement was stopped", () => {
  let reopensBefore = 0;
  let stopped: { ms: number; error: unknown };
  let queued: { read: unknown[] | null; readError: unknown; writeError: unknown };

  beforeAll(async () => {
    const anon = anonClient(backend);
    if ((await anon.from("notes").insert({ body: "committed" })).error) throw new Error("insert");
    reopensBefore = reopens();
    const started = performance.now();
    // Writes a note, then runs past anon's 3 s. Sent now (a query builder runs when awaited).
    const slow = anon
      .rpc("slow_write", { body: "rolled back", seconds: 10 })
      .then((result) => ({ ms: performance.now() - started, error: result.error }));
    await sleep(200);
    const [read, write] = await Promise.all([
      anon.from("posts").select("id").limit(1),
      anon.from("notes").insert({ body: "queued" }),
    ]);
    stopped = await slow;
    queued = { read: read.data, readError: read.error, writeError: write.error };
  });

  it("was stopped once, at its bound", () => {
    expect(stopped.error).toMatchObject({ code: "57014" });
    expect(stopped.ms).toBeLessThan(5000);
    expect(reopens()).toBe(reopensBefore + 1);
  });

  it("ran the statements queued behind it on the reopened database", () => {
    expect(queued.readError).toBeNull();
    expect(queued.read).toHaveLength(1);
    expect(queued.writeError).toBeNull();
  });

  it("kept what was committed and dropped the stopped transaction's writes", async () => {
    expect(await notes()).toEqual(["committed", "queued"]);
  });

  it("answers health, a REST read and a sign-in at once", async () => {
    const health = await timed(() => fetch(`${backend.url}/auth/v1/health`));
    expect(health.value.status).toBe(200);
    const read = await timed(() => anonClient(backend).from("posts").select("id").limit(3));
    expect(read.value.error).toBeNull();
    expect(read.value.data).toHaveLength(3);
    const signIn = await timed(() => anonClient(backend).auth.signInWithPassword(TEST_ADMIN));
    expect(signIn.value.error).toBeNull();
    expect(signIn.value.data.session?.access_token).toBeTruthy();
    // A request still waiting behind the stopped statement would take its whole 3 s bound; a
    // busy machine (CI runs this beside other files) has taken 1.6 s for a bcrypt sign-in.
    for (const { ms } of [health, read, signIn]) expect(ms).toBeLessThan(2500);
  });

  it("still delivers notifications on the channels it listened to", async () => {
    const anon = anonClient(backend);
    expect((await anon.rpc("ping", { message: "after the reopen" })).error).toBeNull();
    for (let waited = 0; waited < 2000 && !notified.includes("after the reopen"); waited += 50) {
      await sleep(50);
    }
    expect(notified).toContain("after the reopen");
  });
});

describe("auth and storage answer in their own envelopes", () => {
  it("auth: GoTrue's 504 request_timeout", async () => {
    const response = await rawRequest(backend, "/auth/v1/signup", {
      method: "POST",
      key: backend.anonKey,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "slow-signup@example.com", password: "correct-horse-1" }),
    });
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({
      code: "request_timeout",
      error_code: "request_timeout",
      message: "Processing this request timed out, please retry after a moment.",
    });
    // supabase-js reports a 504 as hosted GoTrue's: a retryable fetch error with its status.
    const { error } = await anonClient(backend).auth.signUp({
      email: "slow-again@example.com",
      password: "correct-horse-1",
    });
    expect(error).toMatchObject({ name: "AuthRetryableFetchError", status: 504 });
    // The stopped sign-up left no account behind: the address is free.
    const admin = serviceClient(backend).auth.admin;
    const { data } = await admin.listUsers({ perPage: 1000 });
    const emails = data.users.map((user) => user.email);
    expect(emails).not.toContain("slow-signup@example.com");
    expect(emails).not.toContain("slow-again@example.com");
  });

  it("storage: Storage's 544 DatabaseTimeout", async () => {
    const response = await rawRequest(backend, "/storage/v1/bucket", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "slow-bucket", name: "slow-bucket", public: false }),
    });
    expect(response.status).toBe(544);
    expect(response.body).toEqual({
      statusCode: "544",
      code: "DatabaseTimeout",
      error: "DatabaseTimeout",
      message: "The connection to the database timed out",
    });
    const { data } = await serviceClient(backend).storage.getBucket("slow-bucket");
    expect(data).toBeNull();
  });
});

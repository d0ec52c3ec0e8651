/**
 * A request its client gives up on is cancelled in the database, as the site's Supabase
 * client gives up (app/infra/supabase.server.ts: a fetch with AbortSignal.timeout): its
 * statements not started are never run, and a running one is stopped once it has run 1 s
 * (db/settings.ts), so an abandoned slow RPC stops occupying the one database connection.
 */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { anonClient, serviceClient, sleep } from "./helpers.ts";
import { SLOW_FIXTURES, timed } from "./slow-fixtures.ts";

let backend: SqlTestBackend;
const logged: string[] = [];

beforeAll(async () => {
  backend = await startBackendWithSql(SLOW_FIXTURES, { log: (line) => logged.push(line) });
});
afterAll(() => backend?.close());

/** A service-role client whose every request gives up after `ms`, as the site's does. */
function impatientClient(ms: number): SupabaseClient {
  return createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(ms) }) },
  });
}

async function notes(): Promise<string[]> {
  const { data, error } = await serviceClient(backend).from("notes").select("body").order("id");
  if (error) throw error;
  return data.map((row) => row.body as string);
}

const stoppedForClients = () => logged.filter((line) => line.includes("abandoned by its client"));

describe("cancel on disconnect", () => {
  it("stops an abandoned slow RPC: the next query answers at once", async () => {
    const abandoned = await timed(() =>
      impatientClient(1500).rpc("slow_write", { body: "abandoned", seconds: 20 }),
    );
    expect(abandoned.value.error?.message).toMatch(/abort|timeout/i);
    expect(abandoned.ms).toBeLessThan(3000);
    // Without the cancel this read would wait behind the RPC until its 8 s bound (6.5 s more);
    // with it, only for the reopen (which a loaded machine makes slower).
    const next = await timed(() => anonClient(backend).from("posts").select("id").limit(1));
    expect(next.value.error).toBeNull();
    expect(stoppedForClients()).toHaveLength(1);
    const reopened = logged.map((line) => /reopened in (\d+) ms/.exec(line)?.[1]).find(Boolean);
    expect(next.ms).toBeLessThan(Math.min(Number(reopened) + 1000, 6000));
    // Its transaction was rolled back with it.
    expect(await notes()).not.toContain("abandoned");
  });

  it("never runs the statements of requests abandoned while they waited", async () => {
    const patient = serviceClient(backend);
    const busy = patient.rpc("slow", { seconds: 2 }).then((result) => result);
    await sleep(200);
    const impatient = impatientClient(300);
    const writes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => impatient.from("notes").insert({ body: `left ${i}` })),
    );
    const kept = patient
      .from("notes")
      .insert({ body: "kept" })
      .then((result) => result);
    for (const write of writes) expect(write.error?.message).toMatch(/abort|timeout/i);
    expect((await busy).error).toBeNull();
    expect((await kept).error).toBeNull();
    const stored = await notes();
    expect(stored).toContain("kept");
    expect(stored.filter((body) => body.startsWith("left"))).toEqual([]);
    // The running statement's client stayed: nothing was stopped.
    expect(stoppedForClients()).toHaveLength(1);
  });
});

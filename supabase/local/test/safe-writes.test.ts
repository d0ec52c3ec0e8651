/**
 * Writes that hosted Supabase refuses: UPDATE/DELETE without a filter (pg-safeupdate, 21000),
 * more rows than `Prefer: max-affected` allows under `handling=strict` (PGRST124, rolled
 * back), and unknown preferences under `handling=strict` (PGRST122).
 */
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";

/** The test table, typed for PostgREST 13+ (supabase-js offers maxAffected() only then). */
interface Database {
  __InternalSupabase: { PostgrestVersion: "13" };
  public: {
    Tables: {
      items: {
        Row: { id: number; name: string };
        Insert: { id: number; name: string };
        Update: { id?: number; name?: string };
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
  };
}

let backend: SqlTestBackend;

beforeAll(async () => {
  backend = await startBackendWithSql(`
    create table public.items (id int primary key, name text not null);
    insert into public.items select g, 'item ' || g from generate_series(1, 10) g;
  `);
});
afterAll(() => backend?.close());

const items = () =>
  createClient<Database>(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).from("items");
const names = async () => (await items().select("name").order("id")).data?.map((row) => row.name);

describe("pg-safeupdate", () => {
  it("refuses UPDATE and DELETE without a filter, changing nothing", async () => {
    const before = await names();
    const update = await items().update({ name: "all of them" });
    expect(update.status).toBe(400);
    expect(update.error).toEqual({
      code: "21000",
      details: null,
      hint: null,
      message: "UPDATE requires a WHERE clause",
    });
    const remove = await items().delete();
    expect(remove.status).toBe(400);
    expect(remove.error).toEqual({
      code: "21000",
      details: null,
      hint: null,
      message: "DELETE requires a WHERE clause",
    });
    expect(await names()).toEqual(before);

    const filtered = await items().update({ name: "renamed" }).eq("id", 10).select("name");
    expect(filtered.data).toEqual([{ name: "renamed" }]);
    // An empty body updates nothing, so there is no UPDATE statement to refuse.
    const empty = await rawRequest(backend, "/rest/v1/items", {
      method: "PATCH",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(empty.status).toBe(204);
  });
});

describe("Prefer: max-affected", () => {
  it("rolls back an update or delete over the limit with handling=strict (.maxAffected)", async () => {
    const before = await names();
    const update = await items().update({ name: "too many" }).lte("id", 5).maxAffected(3);
    expect(update.status).toBe(400);
    expect(update.error).toEqual({
      code: "PGRST124",
      details: "The query affects 5 rows",
      hint: null,
      message: "Query result exceeds max-affected preference constraint",
    });
    const remove = await items().delete().gt("id", 0).maxAffected(9);
    expect(remove.error?.code).toBe("PGRST124");
    expect(remove.error?.details).toBe("The query affects 10 rows");
    expect(await names()).toEqual(before);

    const within = await items()
      .update({ name: "first two" })
      .lte("id", 2)
      .maxAffected(2)
      .select("id");
    expect(within.error).toBeNull();
    expect(within.data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("reports the applied preferences and ignores the limit with handling=lenient", async () => {
    const strict = await rawRequest(backend, "/rest/v1/items?id=eq.3", {
      method: "PATCH",
      body: JSON.stringify({ name: "three" }),
      headers: { "content-type": "application/json", prefer: "handling=strict, max-affected=1" },
    });
    expect(strict.status).toBe(204);
    expect(strict.headers.get("preference-applied")).toBe("handling=strict, max-affected=1");
    const lenient = await rawRequest(backend, "/rest/v1/items?id=lte.4", {
      method: "PATCH",
      body: JSON.stringify({ name: "lenient" }),
      headers: { "content-type": "application/json", prefer: "handling=lenient, max-affected=1" },
    });
    expect(lenient.status).toBe(204);
    expect(lenient.headers.get("preference-applied")).toBe("handling=lenient");
    const { data } = await items().select("id").eq("name", "lenient");
    expect(data).toHaveLength(4);
  });
});

describe("Prefer: handling", () => {
  it("answers PGRST122 for unknown preferences with handling=strict only", async () => {
    const strict = await rawRequest(backend, "/rest/v1/items?select=id&id=eq.1", {
      headers: { prefer: "handling=strict, count=exact, nonsense=1, return=everything" },
    });
    expect(strict.status).toBe(400);
    expect(strict.body).toEqual({
      code: "PGRST122",
      details: "Invalid preferences: nonsense=1, return=everything",
      hint: null,
      message: "Invalid preferences given with handling=strict",
    });
    const write = await rawRequest(backend, "/rest/v1/items?id=eq.1", {
      method: "DELETE",
      headers: { prefer: "handling=strict, max-affected=x, bogus" },
    });
    expect(write.body).toMatchObject({ code: "PGRST122", details: "Invalid preferences: bogus" });
    expect((await items().select("id").eq("id", 1)).data).toEqual([{ id: 1 }]);

    for (const prefer of ["handling=lenient, nonsense=1", "nonsense=1"]) {
      const ignored = await rawRequest(backend, "/rest/v1/items?select=id&id=eq.1", {
        headers: { prefer },
      });
      expect(ignored.status, prefer).toBe(200);
      expect(ignored.body).toEqual([{ id: 1 }]);
    }
  });
});

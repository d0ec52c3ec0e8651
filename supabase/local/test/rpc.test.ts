/**
 * RPC through supabase-js (`supabase.rpc`): named JSON arguments (POST) and query arguments
 * (GET), PostgREST's response shapes for scalar, set-returning, single-row and void results,
 * filters/order/range/count on set results, the single unnamed json parameter, legacy
 * `params=single-object`, and read-only GET (a volatile function that writes fails: 405).
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { anonClient, serviceClient } from "./helpers.ts";
import { RPC_FIXTURES } from "./rpc-fixtures.ts";

let backend: SqlTestBackend;
let client: SupabaseClient;

beforeAll(async () => {
  backend = await startBackendWithSql(RPC_FIXTURES);
  client = anonClient(backend);
});
afterAll(() => backend?.close());

describe("calls and result shapes", () => {
  it("returns a scalar, by POST with named arguments or by GET", async () => {
    expect(await client.rpc("add_them", { a: 2, b: 3 })).toMatchObject({
      data: 5,
      error: null,
      status: 200,
    });
    expect((await client.rpc("add_them", { a: 2, b: 3 }, { get: true })).data).toBe(5);
    expect((await client.rpc("greet", { name: "Ada" })).data).toBe("Hello, Ada");
    expect((await client.rpc("greet", { name: "Ada", greeting: "Hi" }, { get: true })).data).toBe(
      "Hi, Ada",
    );
    expect((await client.rpc("sum_array", { numbers: [1, 2, 3] })).data).toBe(6);
    expect((await client.rpc("sum_array", { numbers: [4, 5] }, { get: true })).data).toBe(9);
  });

  it("passes VARIADIC arguments from a JSON array or repeated query parameters", async () => {
    expect((await client.rpc("join_words", { words: ["a", "b", "c"] })).data).toBe("a b c");
    const repeated = await rawRequest(backend, "/rest/v1/rpc/join_words?words=x&words=y", {
      key: backend.anonKey,
    });
    expect(repeated.body).toBe("x y");
    expect((await client.rpc("join_words", {}, { get: true })).data).toBe("");
    const last = await rawRequest(backend, "/rest/v1/rpc/greet?name=ignored&name=world");
    expect(last.body).toBe("Hello, world");
  });

  it("returns rows, scalars and single rows in PostgREST's shapes", async () => {
    const rows = await client.rpc("items_above", { min_id: 8 });
    expect(rows.data).toEqual([
      { id: 9, name: "item 9" },
      { id: 10, name: "item 10" },
    ]);
    expect((await client.rpc("ids_upto", { n: 3 })).data).toEqual([1, 2, 3]);
    expect((await client.rpc("first_item")).data).toEqual({ id: 1, name: "item 1" });
    const table = await client.rpc("item_pairs").eq("label", "item 3");
    expect(table.data).toEqual([{ id: 3, label: "item 3" }]);
    const echoed = await client.rpc("echo_json", { list: [1, { nested: true }], text: "x" });
    expect(echoed.data).toEqual({ list: [1, { nested: true }], text: "x" });
  });

  it("filters, orders, pages and counts set-returning results", async () => {
    const page = await client
      .rpc("items_above", { min_id: 2 }, { count: "exact" })
      .select("id")
      .lt("id", 9)
      .order("id", { ascending: false })
      .range(1, 2);
    expect(page).toMatchObject({ status: 206, count: 6, data: [{ id: 7 }, { id: 6 }] });
    const head = await client.rpc("items_above", { min_id: 7 }, { head: true, count: "exact" });
    expect(head).toMatchObject({ status: 200, data: null, count: 3 });
    const single = await client.rpc("items_above", { min_id: 9 }).single();
    expect(single.data).toEqual({ id: 10, name: "item 10" });
    const many = await client.rpc("items_above", { min_id: 5 }).single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe("PGRST116");
    const csv = await client.rpc("ids_upto", { n: 2 }).csv();
    expect(csv.data).toBe("pgrst_scalar\n1\n2");
  });

  it("answers 204 for void functions and refuses writes over GET (read-only)", async () => {
    const db = serviceClient(backend);
    const renamed = await db.rpc("rename_item", { item_id: 1, new_name: "renamed" });
    expect(renamed).toMatchObject({ status: 204, data: null, error: null });
    expect((await db.from("items").select("name").eq("id", 1)).data).toEqual([{ name: "renamed" }]);
    const viaGet = await db.rpc("rename_item", { item_id: 2, new_name: "nope" }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error).toMatchObject({
      code: "25006",
      message: "cannot execute UPDATE in a read-only transaction",
    });
    expect((await db.from("items").select("name").eq("id", 2)).data).toEqual([{ name: "item 2" }]);
  });

  it("gives the whole body to a single json parameter, named only with params=single-object", async () => {
    const legacy = await rawRequest(backend, "/rest/v1/rpc/payload_keys", {
      method: "POST",
      body: JSON.stringify({ y: 1, x: 2 }),
      headers: { "content-type": "application/json", prefer: "params=single-object" },
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual(["x", "y"]);
    const named = await client.rpc("payload_keys", { payload: { b: 1, a: 2 } });
    expect(named.data).toEqual(["a", "b"]);
    const withoutPreference = await client.rpc("payload_keys", { y: 1, x: 2 });
    expect(withoutPreference.error?.code).toBe("PGRST202");
  });

  it("binds arguments as values, never as SQL", async () => {
    const db = serviceClient(backend);
    const injected = await db.rpc("add_them", { a: "1); delete from public.items; --", b: 1 });
    expect(injected.status).toBe(400);
    expect(injected.error?.code).toBe("22P02");
    const viaGet = await db.rpc(
      "greet",
      { name: "x'; delete from public.items; --" },
      { get: true },
    );
    expect(viaGet.data).toBe("Hello, x'; delete from public.items; --");
    expect((await db.from("items").select("id", { count: "exact", head: true })).count).toBe(10);
  });
});

/**
 * `Prefer: count=…` on writes and reads, and ranges, as PostgREST answers them
 * (Response.hs, RangeQuery.hs; InsertSpec/UpdateSpec/DeleteSpec/RangeSpec): inserts and
 * deletes report the count without a row span, updates `0-(n-1)` over the count;
 * `count=planned` is not a row count on writes; a range starting exactly at the total is an
 * empty 206, past it a 416.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { anonClient, serviceClient } from "./helpers.ts";

let backend: SqlTestBackend;

beforeAll(async () => {
  backend = await startBackendWithSql(`
    create table public.items (id int primary key, name text not null);
    insert into public.items select g, 'item ' || g from generate_series(1, 10) g;
  `);
});
afterAll(() => backend?.close());

const items = () => serviceClient(backend).from("items");
const json = { "content-type": "application/json" };

describe("counts on writes", () => {
  it("reports the inserted count as */N, with or without the rows", async () => {
    const minimal = await items().insert({ id: 101, name: "a" }, { count: "exact" });
    expect(minimal).toMatchObject({ status: 201, count: 1, data: null, error: null });
    const rows = await items()
      .insert(
        [
          { id: 102, name: "b" },
          { id: 103, name: "c" },
        ],
        { count: "estimated" },
      )
      .select("id");
    expect(rows).toMatchObject({ status: 201, count: 2, data: [{ id: 102 }, { id: 103 }] });

    const uncounted = await rawRequest(backend, "/rest/v1/items?select=id", {
      method: "POST",
      body: JSON.stringify({ id: 104, name: "d" }),
      headers: { ...json, prefer: "return=representation" },
    });
    expect(uncounted.headers.get("content-range")).toBe("*/*");
    const planned = await rawRequest(backend, "/rest/v1/items", {
      method: "POST",
      body: JSON.stringify({ id: 105, name: "e" }),
      headers: { ...json, prefer: "count=planned" },
    });
    expect(planned.status).toBe(201);
    expect(planned.headers.get("content-range")).toBe("*/*");
    expect(planned.headers.get("preference-applied")).toBe("count=planned");

    const upsert = await items().upsert({ id: 105, name: "e2" }, { count: "exact" });
    expect(upsert.count).toBe(1);
  });

  it("reports updates as 0-(n-1)/N and deletes as */N", async () => {
    const updated = await items()
      .update({ name: "renamed" }, { count: "exact" })
      .in("id", [101, 102, 103]);
    expect(updated).toMatchObject({ status: 204, count: 3 });
    const headers = await rawRequest(backend, "/rest/v1/items?id=in.(101,102,103)", {
      method: "PATCH",
      body: JSON.stringify({ name: "again" }),
      headers: { ...json, prefer: "count=exact, return=representation" },
    });
    expect(headers.status).toBe(200);
    expect(headers.headers.get("content-range")).toBe("0-2/3");
    expect(headers.headers.get("preference-applied")).toBe("return=representation, count=exact");
    const uncounted = await rawRequest(backend, "/rest/v1/items?id=in.(101,102)", {
      method: "PATCH",
      body: JSON.stringify({ name: "once more" }),
      headers: json,
    });
    expect(uncounted.headers.get("content-range")).toBe("0-1/*");
    const none = await items().update({ name: "x" }, { count: "exact" }).eq("id", 999);
    expect(none.count).toBe(0);

    const removed = await items().delete({ count: "exact" }).gt("id", 100).select("id");
    expect(removed).toMatchObject({ status: 200, count: 5 });
    const header = await rawRequest(backend, "/rest/v1/items?id=eq.1", {
      method: "DELETE",
      headers: { prefer: "count=exact" },
    });
    expect(header.headers.get("content-range")).toBe("*/1");
  });
});

describe("ranges on reads", () => {
  const posts = () =>
    anonClient(backend).from("posts").select("id", { count: "exact" }).order("id");

  it("answers an empty 206 when the range starts at the total, 416 past it", async () => {
    // The seed has 8 posts (6 English, 2 translations).
    const atEnd = await posts().range(8, 10);
    expect(atEnd).toMatchObject({ status: 206, data: [], count: 8, error: null });
    const past = await posts().range(9, 10);
    expect(past.status).toBe(416);
    expect(past.error).toEqual({
      code: "PGRST103",
      details: "An offset of 9 was requested, but there are only 8 rows.",
      hint: null,
      message: "Requested range not satisfiable",
    });
    const raw = await rawRequest(backend, "/rest/v1/posts?select=id&offset=9", {
      headers: { prefer: "count=exact" },
    });
    expect(raw.headers.get("content-range")).toBe("*/8");
    const empty = await rawRequest(backend, "/rest/v1/posts?select=id&id=eq.0&offset=0", {
      headers: { prefer: "count=exact" },
    });
    expect(empty).toMatchObject({ status: 200, body: [] });
    expect(empty.headers.get("content-range")).toBe("*/0");
  });

  it("treats a negative offset as 0 and refuses a negative limit or an inverted Range", async () => {
    const offset = await rawRequest(backend, "/rest/v1/posts?select=id&order=id&offset=-4");
    expect(offset.status).toBe(200);
    expect(offset.headers.get("content-range")).toBe("0-7/*");
    const limit = await rawRequest(backend, "/rest/v1/posts?select=id&limit=-1");
    expect(limit.status).toBe(416);
    expect(limit.body).toMatchObject({
      code: "PGRST103",
      details: "Limit should be greater than or equal to zero.",
    });
    const inverted = await rawRequest(backend, "/rest/v1/posts?select=id", {
      headers: { range: "3-1" },
    });
    expect(inverted.status).toBe(416);
    expect(inverted.body).toMatchObject({
      details:
        "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
    });
    const header = await rawRequest(backend, "/rest/v1/posts?select=id&order=id", {
      headers: { range: "2-3" },
    });
    expect(header.body).toEqual([{ id: 3 }, { id: 4 }]);
    expect(header.headers.get("content-range")).toBe("2-3/*");
    const zero = await rawRequest(backend, "/rest/v1/posts?select=id&limit=0");
    expect(zero).toMatchObject({ status: 200, body: [] });
    expect(zero.headers.get("content-range")).toBe("*/*");
  });

  it("counts exactly, by estimate or by plan", async () => {
    const exact = await rawRequest(backend, "/rest/v1/posts?select=id&limit=2", {
      headers: { prefer: "count=exact" },
    });
    expect(exact.status).toBe(206);
    expect(exact.headers.get("content-range")).toBe("0-1/8");
    expect(exact.headers.get("preference-applied")).toBe("count=exact");
    const estimated = await anonClient(backend)
      .from("posts")
      .select("id", { count: "estimated", head: true });
    expect(estimated.count).toBe(8);
    const planned = await rawRequest(backend, "/rest/v1/items?select=id", {
      method: "HEAD",
      headers: { prefer: "count=planned" },
    });
    expect(planned.headers.get("content-range")).toMatch(/^0-\d+\/\d+$/);
  });
});

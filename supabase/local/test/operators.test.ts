/**
 * PostgREST operators through supabase-js: full-text search (`fts`, `plfts`, `phfts`, `wfts`,
 * with and without a config, on tsvector and text columns), `match`/`imatch`, quantified
 * `like`/`ilike`/`eq` (`any`/`all`), `isdistinct`, the same inside logic trees; casts and quoted
 * identifiers in select, filters and order.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { anonClient } from "./helpers.ts";

let backend: SqlTestBackend;
let client: SupabaseClient;

beforeAll(async () => {
  backend = await startBackendWithSql(`
    create table public.docs (
      id int primary key,
      title text not null,
      body text,
      tsv tsvector generated always as (to_tsvector('english', coalesce(body, ''))) stored,
      note text,
      "Mixed Case" text,
      "with-dash" int
    );
    insert into public.docs (id, title, body, note, "Mixed Case", "with-dash") values
      (1, 'The quick brown fox', 'The quick brown fox jumps over the lazy dog', null, 'A', 10),
      (2, 'Lazy dogs', 'Dogs are sleeping all day', 'n2', 'B', 20),
      (3, 'Fat cats', 'Fat cats eat rats, then sleep', 'n3', 'A', 30),
      (4, 'Jumping foxes', 'Foxes jumped and jumped', null, 'C', 40);
  `);
  client = anonClient(backend);
});
afterAll(() => backend?.close());

const docs = () => client.from("docs").select("id").order("id");
const ids = async (query: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
  const { data, error } = await query;
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.id);
};

describe("full-text search", () => {
  it("searches tsvector columns as they are and text columns through to_tsvector", async () => {
    expect(await ids(docs().textSearch("tsv", "fox & dog"))).toEqual([1]);
    expect(await ids(docs().textSearch("body", "fox & dog", { config: "english" }))).toEqual([1]);
    expect(await ids(docs().textSearch("tsv", "jumped", { type: "plain" }))).toEqual([1, 4]);
    expect(
      await ids(docs().textSearch("body", "lazy dog", { type: "phrase", config: "english" })),
    ).toEqual([1]);
    expect(await ids(docs().textSearch("tsv", "dog lazy", { type: "phrase" }))).toEqual([]);
    expect(
      await ids(
        docs().textSearch("body", '"fat cats" -dogs', { type: "websearch", config: "english" }),
      ),
    ).toEqual([3]);
    expect(await ids(docs().not("tsv", "fts", "fox"))).toEqual([2, 3]);
    const unknownConfig = await docs().textSearch("body", "fox", { config: "klingon" });
    expect(unknownConfig.status).toBe(400);
    expect(unknownConfig.error?.code).toBe("42704");
  });
});

describe("pattern operators", () => {
  it("matches POSIX regular expressions, case-sensitive or not", async () => {
    expect(await ids(docs().regexMatch("title", "^[FJ]"))).toEqual([3, 4]);
    expect(await ids(docs().regexIMatch("title", "^the"))).toEqual([1]);
    expect(await ids(docs().regexMatch("title", "^the"))).toEqual([]);
    const invalid = await docs().regexMatch("title", "(unclosed");
    expect(invalid.status).toBe(400);
    expect(invalid.error?.code).toBe("2201B");
  });

  it("quantifies like, ilike and comparisons with any/all", async () => {
    expect(await ids(docs().likeAnyOf("title", ["%fox%", "%cats"]))).toEqual([1, 3, 4]);
    expect(await ids(docs().likeAllOf("body", ["%fox%", "%dog"]))).toEqual([1]);
    expect(await ids(docs().ilikeAnyOf("title", ["lazy%", "JUMP*"]))).toEqual([2, 4]);
    expect(await ids(docs().ilikeAllOf("title", ["%o%", "%s"]))).toEqual([2, 4]);
    expect(await ids(docs().filter("id", "eq(any)", "{1,3}"))).toEqual([1, 3]);
    expect(await ids(docs().filter("with-dash", "gt(all)", "{15,25}"))).toEqual([3, 4]);
  });

  it("compares with IS DISTINCT FROM, treating NULL as a value", async () => {
    expect(await ids(docs().isDistinct("note", "n2"))).toEqual([1, 3, 4]);
    expect(await ids(docs().neq("note", "n2"))).toEqual([3]);
    expect(await ids(docs().not("note", "isdistinct", "n2"))).toEqual([2]);
  });

  it("accepts every operator inside or/and trees", async () => {
    expect(await ids(docs().or("tsv.fts.cat,note.isdistinct.n2,title.imatch.^lazy"))).toEqual([
      1, 2, 3, 4,
    ]);
    expect(
      await ids(docs().or("and(tsv.fts.fox,title.match.^The),body.plfts(english).sleeping")),
    ).toEqual([1, 2, 3]);
    expect(await ids(docs().or("title.like(any).{Fat*,Lazy*},id.eq.4"))).toEqual([2, 3, 4]);
    expect(await ids(docs().or('note.isdistinct."n2",id.in.(2,3)'))).toEqual([1, 2, 3, 4]);
  });
});

describe("select forms", () => {
  it("casts columns and keeps the column (or alias) as the key", async () => {
    const cast = await client
      .from("docs")
      .select("id::text, label:title, n:with-dash::text")
      .eq("id", 2);
    expect(cast.data).toEqual([{ id: "2", label: "Lazy dogs", n: "20" }]);
    // supabase-js drops unquoted spaces from select, so multi-word types need a raw request.
    const words = await rawRequest(backend, "/rest/v1/docs?select=id::double%20precision&id=eq.3");
    expect(words.body).toEqual([{ id: 3 }]);
    const unknownType = await client.from("docs").select("id::nosuchtype");
    expect(unknownType.status).toBe(400);
    expect(unknownType.error?.code).toBe("42704");
  });

  it("reads quoted identifiers and names with spaces or dashes in select, filters and order", async () => {
    const quoted = await client
      .from("docs")
      .select('id, "Mixed Case", with-dash')
      .eq('"Mixed Case"', "A")
      .order('"Mixed Case"')
      .order("with-dash", { ascending: false });
    expect(quoted.error).toBeNull();
    expect(quoted.data).toEqual([
      { id: 3, "Mixed Case": "A", "with-dash": 30 },
      { id: 1, "Mixed Case": "A", "with-dash": 10 },
    ]);
    const bare = await rawRequest(backend, "/rest/v1/docs?select=Mixed%20Case&id=eq.4");
    expect(bare.body).toEqual([{ "Mixed Case": "C" }]);
    const missing = await client.from("docs").select('"mixed case"');
    expect(missing.error).toMatchObject({
      code: "42703",
      message: "column docs.mixed case does not exist",
    });
  });
});

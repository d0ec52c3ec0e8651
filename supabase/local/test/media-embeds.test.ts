/**
 * Response formats and request shapes answered as PostgREST answers them: CSV, media-type
 * negotiation (PGRST107), resource embedding without a relationship (PGRST200; embedding
 * itself is not implemented: PGRST127), aggregates disabled as on hosted Supabase (PGRST123),
 * schema profiles (PGRST106), and upserts that only merged (200 instead of 201).
 */
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { anonClient, serviceClient } from "./helpers.ts";

let backend: SqlTestBackend;

beforeAll(async () => {
  backend = await startBackendWithSql(`
    create table public.authors (id int primary key, name text not null);
    create table public.books (
      id int primary key,
      title text not null,
      note text,
      author_id int references public.authors (id)
    );
    insert into public.authors values (1, 'Ngugi');
    insert into public.books values
      (1, 'Weep Not, Child', null, 1),
      (2, 'Say "hi"', '', 1),
      (3, 'Plain', 'x', null);
  `);
});
afterAll(() => backend?.close());

const books = () => anonClient(backend).from("books");

describe("CSV", () => {
  it("answers text/csv with a header row and Postgres' quoting", async () => {
    const { data, error, status } = await books().select("id,title,note").order("id").csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe('id,title,note\n1,"Weep Not, Child",\n2,"Say ""hi""",""\n3,Plain,x');
    const raw = await rawRequest(backend, "/rest/v1/books?select=id&id=eq.0", {
      headers: { accept: "text/csv" },
    });
    expect(raw.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(raw.text).toBe("\n");
  });

  it("refuses media types it cannot produce with PGRST107", async () => {
    const html = await rawRequest(backend, "/rest/v1/books?select=id", {
      headers: { accept: "text/html" },
    });
    expect(html.status).toBe(406);
    expect(html.body).toEqual({
      code: "PGRST107",
      details: null,
      hint: null,
      message: "None of these media types are available: text/html",
    });
    const browser = await rawRequest(backend, "/rest/v1/books?select=id&id=eq.3", {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(browser.body).toEqual([{ id: 3 }]);
    const stripped = await rawRequest(backend, "/rest/v1/books?select=id,note&id=eq.1", {
      headers: { accept: "application/vnd.pgrst.object+json;nulls=stripped" },
    });
    expect(stripped.body).toEqual({ id: 1 });
  });
});

describe("embedding and aggregates", () => {
  it("answers PGRST200 when no relationship exists, with PostgREST's details and hint", async () => {
    const none = await books().select("id, posts(*)");
    expect(none.status).toBe(400);
    expect(none.error).toEqual({
      code: "PGRST200",
      details:
        "Searched for a foreign key relationship between 'books' and 'posts' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'books' and 'posts' in the schema cache",
    });
    const typo = await books().select("id, author(name)");
    expect(typo.error?.hint).toBe("Perhaps you meant 'authors' instead of 'author'.");
    const hinted = await books().select("id, posts!books_fk(*)");
    expect(hinted.error?.details).toBe(
      "Searched for a foreign key relationship between 'books' and 'posts' using the hint 'books_fk' in the schema 'public', but no matches were found.",
    );
    const related = await books().select("id, authors(name)");
    expect(related.status).toBe(400);
    expect(related.error?.code).toBe("PGRST127");
  });

  it("answers PGRST123 for aggregates, which hosted Supabase disables", async () => {
    for (const select of ["count()", "id.sum()", "total:id.max()::text"]) {
      const result = await books().select(select);
      expect(result.status, select).toBe(400);
      expect(result.error, select).toEqual({
        code: "PGRST123",
        details: null,
        hint: null,
        message: "Use of aggregate functions is not allowed",
      });
    }
  });
});

describe("schema profiles", () => {
  it("answers 406 PGRST106 for a schema that is not exposed, before looking up the table", async () => {
    const other = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false },
      db: { schema: "private" },
    });
    const expected = {
      code: "PGRST106",
      details: null,
      hint: "Only the following schemas are exposed: public",
      message: "Invalid schema: private",
    };
    const read = await other.from("books").select("id");
    expect(read.status).toBe(406);
    expect(read.error).toEqual(expected);
    expect((await other.from("no_such_table").select("id")).error).toEqual(expected);
    expect((await other.from("books").insert({ id: 9, title: "x" })).error).toEqual(expected);
    expect((await other.rpc("anything")).error).toEqual(expected);

    const named = await rawRequest(backend, "/rest/v1/books?select=id&id=eq.3", {
      headers: { "accept-profile": "public" },
    });
    expect(named.headers.get("content-profile")).toBe("public");
  });
});

describe("upsert status", () => {
  it("answers 200 when every row already existed and 201 when one was inserted", async () => {
    const db = serviceClient(backend).from("authors");
    const merged = await db.upsert([{ id: 1, name: "Ngugi wa Thiong'o" }]).select("name");
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ name: "Ngugi wa Thiong'o" }]);
    const mixed = await db.upsert([
      { id: 1, name: "Ngugi" },
      { id: 2, name: "Adichie" },
    ]);
    expect(mixed.status).toBe(201);
    const ignored = await db.upsert({ id: 2, name: "ignored" }, { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
    const empty = await rawRequest(backend, "/rest/v1/authors", {
      method: "POST",
      body: "[]",
      headers: {
        "content-type": "application/json",
        prefer: "return=representation, resolution=merge-duplicates",
      },
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("preference-applied")).toBe(
      "resolution=merge-duplicates, return=representation",
    );
    const names = await db.select("name").order("id");
    expect(names.data).toEqual([{ name: "Ngugi" }, { name: "Adichie" }]);
  });
});

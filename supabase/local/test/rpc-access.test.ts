/**
 * RPC resolution and access: PGRST202 with PostgREST's message, details and hint for unknown
 * functions or argument names, overloads (PGRST203 when ambiguous), the caller's role and JWT
 * claims (EXECUTE grants, RLS, SECURITY DEFINER), max-affected on calls, `RAISE SQLSTATE
 * 'PGRST'` and methods other than GET/HEAD/POST.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { anonClient, serviceClient, signedInClient } from "./helpers.ts";
import { RPC_FIXTURES } from "./rpc-fixtures.ts";

let backend: SqlTestBackend;
let anon: SupabaseClient;

beforeAll(async () => {
  backend = await startBackendWithSql(RPC_FIXTURES);
  anon = anonClient(backend);
});
afterAll(() => backend?.close());

describe("function lookup", () => {
  it("answers PGRST202 with PostgREST's message, details and closest function", async () => {
    const typo = await anon.rpc("add_tem", { a: 1, b: 2 });
    expect(typo.status).toBe(404);
    expect(typo.error).toEqual({
      code: "PGRST202",
      message: "Could not find the function public.add_tem(a, b) in the schema cache",
      details:
        "Searched for the function public.add_tem with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
      hint: "Perhaps you meant to call the function public.add_them",
    });
    const args = await anon.rpc("add_them", { c: 2, a: 1 }, { get: true });
    expect(args.error).toEqual({
      code: "PGRST202",
      message: "Could not find the function public.add_them(a, c) in the schema cache",
      details:
        "Searched for the function public.add_them with parameters a, c, but no matches were found in the schema cache.",
      hint: "Perhaps you meant to call the function public.add_them(a, b)",
    });
    const none = await anon.rpc("add_them", {}, { get: true });
    expect(none.error).toMatchObject({
      message: "Could not find the function public.add_them without parameters in the schema cache",
      details:
        "Searched for the function public.add_them without parameters, but no matches were found in the schema cache.",
    });
    const far = await anon.rpc("completely_different");
    expect(far.error).toMatchObject({ code: "PGRST202", hint: null });
    const table = await anon.rpc("items");
    expect(table.status).toBe(404);
  });

  it("picks overloads by argument names and refuses ambiguous ones with PGRST203", async () => {
    expect((await anon.rpc("overloaded", { a: 1 })).data).toBe("one");
    expect((await anon.rpc("overloaded", { a: 1, b: 2 })).data).toBe("two");
    const ambiguous = await anon.rpc("ambiguous", { x: 1 });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toEqual({
      code: "PGRST203",
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
      message:
        "Could not choose the best candidate function between: public.ambiguous(x => integer), public.ambiguous(x => text)",
    });
  });
});

describe("roles, grants and RLS", () => {
  it("runs as the caller with request.jwt.claims set", async () => {
    expect((await anon.rpc("whoami")).data).toEqual({ user: "anon", sub: null, role: "anon" });
    const { client, userId } = await signedInClient(backend);
    expect((await client.rpc("whoami")).data).toEqual({
      user: "authenticated",
      sub: userId,
      role: "authenticated",
    });
  });

  it("respects EXECUTE grants: 401 for anon, 403 for a signed-in user", async () => {
    const denied = await rawRequest(backend, "/rest/v1/rpc/secret_number", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
      key: backend.anonKey,
    });
    expect(denied.status).toBe(401);
    expect(denied.body).toMatchObject({
      code: "42501",
      message: "permission denied for function secret_number",
    });
    expect(denied.headers.get("www-authenticate")).toBe("Bearer");
    const { client } = await signedInClient(backend);
    expect((await client.rpc("secret_number")).data).toBe(42);
    const staff = await client.rpc("staff_only");
    expect(staff.status).toBe(403);
    expect(staff.error?.code).toBe("42501");
    expect((await serviceClient(backend).rpc("staff_only")).data).toBe(7);
  });

  it("applies RLS inside invoker functions and runs SECURITY DEFINER as the owner", async () => {
    const db = serviceClient(backend);
    await db.from("posts").insert({ title: "Hidden draft", published: false });
    expect((await anon.rpc("visible_post_count")).data).toBe(8);
    expect((await db.rpc("visible_post_count")).data).toBe(9);
    expect((await anon.rpc("peek_vault")).data).toBe("gold");
    const caller = await anon.rpc("peek_vault_as_caller");
    expect(caller.status).toBe(401);
    expect(caller.error?.message).toBe("permission denied for table vault");
  });
});

describe("preferences, raised errors and methods", () => {
  it("applies max-affected to set-returning calls and refuses it on single results", async () => {
    const prefer = "handling=strict, max-affected=3";
    const headers = { "content-type": "application/json", prefer };
    const tooMany = await rawRequest(backend, "/rest/v1/rpc/delete_items_above", {
      method: "POST",
      body: JSON.stringify({ min_id: 5 }),
      headers,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      code: "PGRST124",
      details: "The query affects 5 rows",
    });
    const db = serviceClient(backend);
    expect((await db.from("items").select("id", { count: "exact", head: true })).count).toBe(10);
    const within = await rawRequest(backend, "/rest/v1/rpc/delete_items_above", {
      method: "POST",
      body: JSON.stringify({ min_id: 8 }),
      headers,
    });
    expect(within.body).toEqual([
      { id: 9, name: "item 9" },
      { id: 10, name: "item 10" },
    ]);
    expect(within.headers.get("preference-applied")).toBe(prefer);
    const scalar = await rawRequest(backend, "/rest/v1/rpc/add_them", {
      method: "POST",
      body: JSON.stringify({ a: 1, b: 2 }),
      headers,
    });
    expect(scalar.body).toEqual({
      code: "PGRST128",
      details: null,
      hint: null,
      message:
        "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
    });
  });

  it("turns RAISE SQLSTATE 'PGRST' into the status, headers and body it describes", async () => {
    const teapot = await rawRequest(backend, "/rest/v1/rpc/teapot", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(teapot.status).toBe(418);
    expect(teapot.headers.get("x-tea")).toBe("earl grey");
    expect(teapot.body).toEqual({
      code: "TEA",
      message: "I am a teapot",
      details: "short and stout",
      hint: "tip me over",
    });
  });

  it("answers 405 PGRST101 for methods RPC does not take", async () => {
    const put = await rawRequest(backend, "/rest/v1/rpc/add_them", { method: "PUT", body: "{}" });
    expect(put.status).toBe(405);
    expect(put.body).toMatchObject({
      code: "PGRST101",
      message: "Cannot use the PUT method on RPC",
    });
    const nested = await rawRequest(backend, "/rest/v1/rpc/add_them/extra");
    expect(nested.status).toBe(404);
    expect(nested.body).toMatchObject({ code: "PGRST125" });
  });
});

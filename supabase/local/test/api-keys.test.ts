/**
 * The gateway's key check and PostgREST's JWT errors: only the project's anon or service-role
 * key is an API key (a user's access token is not), and 401s from /rest/v1 carry
 * `WWW-Authenticate` and `Proxy-Status` as PostgREST sends them.
 */
import { createClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { rawRequest } from "./backend-with-sql.ts";
import { anonClient, signedInClient } from "./helpers.ts";

let backend: TestBackend;
let userToken: string;

const INVALID_KEY = {
  message: "Invalid API key",
  hint: "Double check your Supabase `anon` or `service_role` API key.",
};
const options = { auth: { persistSession: false, autoRefreshToken: false } } as const;

function sign(claims: Record<string, unknown>, secret = backend.jwtSecret) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(secret));
}

beforeAll(async () => {
  backend = await startTestBackend();
  const { client } = await signedInClient(backend);
  const session = await client.auth.getSession();
  userToken = session.data.session?.access_token ?? "";
});
afterAll(() => backend?.close());

describe("API keys", () => {
  it("refuses a user's access token used as the API key", async () => {
    expect(userToken.split(".")).toHaveLength(3);
    const viaClient = await createClient(backend.url, userToken, options)
      .from("posts")
      .select("id");
    expect(viaClient.status).toBe(401);
    expect(viaClient.error).toMatchObject(INVALID_KEY);

    const header = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: userToken, authorization: `Bearer ${userToken}` },
    });
    expect(header.status).toBe(401);
    expect(await header.json()).toEqual(INVALID_KEY);

    const query = await fetch(`${backend.url}/rest/v1/posts?apikey=${userToken}`);
    expect(query.status).toBe(401);
    const bearerOnly = await fetch(`${backend.url}/rest/v1/posts`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(bearerOnly.status).toBe(401);

    const forged = await sign({ role: "service_role" }, "x".repeat(40));
    expect((await rawRequest(backend, "/rest/v1/posts", { key: forged })).status).toBe(401);
    const missing = await fetch(`${backend.url}/rest/v1/posts`);
    expect(await missing.json()).toEqual({
      message: "No API key found in request",
      hint: "No `apikey` request header or url param was found.",
    });
  });

  it("accepts the project's keys from the header, the query string or the bearer", async () => {
    const query = await fetch(
      `${backend.url}/rest/v1/posts?select=id&id=eq.1&apikey=${backend.anonKey}`,
    );
    expect(query.status).toBe(200);
    expect(await query.json()).toEqual([{ id: 1 }]);
    const bearerOnly = await fetch(`${backend.url}/rest/v1/posts?select=id&id=eq.2`, {
      headers: { authorization: `Bearer ${backend.anonKey}` },
    });
    expect(await bearerOnly.json()).toEqual([{ id: 2 }]);
  });

  it("keeps a user's JWT in Authorization working beside the anon key", async () => {
    const { client, userId } = await signedInClient(backend);
    const sent = await client
      .from("contact_messages")
      .insert({
        name: "Key test",
        email: "k@example.com",
        message: "Hello from a user",
        user_id: userId,
      })
      .select("user_id")
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user_id: userId });
  });
});

describe("PostgREST JWT errors", () => {
  const withBearer = (bearer: string) =>
    rawRequest(backend, "/rest/v1/posts?select=id&id=eq.1", { key: backend.anonKey, bearer });

  it("answers an undecodable JWT with PGRST301 and an invalid_token challenge", async () => {
    const forged = await withBearer(await sign({ role: "service_role" }, "y".repeat(40)));
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({
      code: "PGRST301",
      details: null,
      hint: null,
      message: "JWT cryptographic operation failed",
    });
    expect(forged.headers.get("www-authenticate")).toBe(
      'Bearer error="invalid_token", error_description="JWT cryptographic operation failed"',
    );
    expect(forged.headers.get("proxy-status")).toBe("PostgREST; error=PGRST301");

    const parts = await withBearer("not-a-jwt");
    expect(parts.body).toMatchObject({
      code: "PGRST301",
      message: "Expected 3 parts in JWT; got 1",
    });
    expect(parts.headers.get("www-authenticate")).toBe(
      'Bearer error="invalid_token", error_description="Expected 3 parts in JWT; got 1"',
    );
  });

  it("applies 30 s of clock skew to exp, then answers PGRST303", async () => {
    const now = Math.floor(Date.now() / 1000);
    const justExpired = await withBearer(await sign({ role: "authenticated", exp: now - 10 }));
    expect(justExpired.status).toBe(200);
    const expired = await withBearer(await sign({ role: "authenticated", exp: now - 60 }));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: "PGRST303", message: "JWT expired" });
    expect(expired.headers.get("www-authenticate")).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    const future = await withBearer(await sign({ role: "authenticated", iat: now + 600 }));
    expect(future.body).toMatchObject({ code: "PGRST303", message: "JWT issued at future" });
  });

  it("defaults a missing role claim to anon and refuses roles that are not API roles", async () => {
    const noRole = await withBearer(await sign({ sub: crypto.randomUUID() }));
    expect(noRole.status).toBe(200);
    expect(noRole.body).toEqual([{ id: 1 }]);
    const superuser = await withBearer(await sign({ role: "postgres" }));
    expect(superuser.status).toBe(403);
    expect(superuser.body).toMatchObject({
      code: "42501",
      message: 'permission denied to set role "postgres"',
    });
    const unknown = await withBearer(await sign({ role: "nobody" }));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: "22023", message: 'role "nobody" does not exist' });
  });

  it("sends `WWW-Authenticate: Bearer` with a permission error for anon", async () => {
    const denied = await rawRequest(backend, "/rest/v1/newsletter_subscribers?select=email", {
      key: backend.anonKey,
    });
    expect(denied.status).toBe(401);
    expect(denied.body).toMatchObject({ code: "42501" });
    expect(denied.headers.get("www-authenticate")).toBe("Bearer");
    const viaClient = await anonClient(backend).from("newsletter_subscribers").select("email");
    expect(viaClient.status).toBe(401);
  });
});

/**
 * The gateway's key check: only the project's anon or service-role key is an API key (a
 * user's access token is not).
 */
import { createClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { rawRequest } from "./backend-with-sql.ts";
import { signedInClient } from "./helpers.ts";

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

/** Admin user management as GoTrue's admin.go: soft deletion, pagination, password bytes. */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, bounded, serviceClient, signedInClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ rateLimits: false });
});
afterAll(() => backend?.close());

const admin = () => serviceClient(backend).auth.admin;
/** GoTrue's obfuscateValue: base64url(sha256(user id + value)), unpadded. */
const obfuscated = (id: string, value: string) =>
  createHash("sha256").update(`${id}${value}`).digest("base64url");

describe("soft deletion (deleteUser(id, true))", () => {
  it("keeps an obfuscated row; the user can no longer sign in, refresh or read itself", async () => {
    const { client, userId, email, password } = await signedInClient(backend);
    const session = (await client.auth.getSession()).data.session;
    await anonClient(backend).auth.resetPasswordForEmail(email);
    const pending = await backend.mailbox.latestTo(email);

    const deleted = await admin().deleteUser(userId, true);
    expect(deleted.error).toBeNull();
    expect(deleted.data.user?.email).toBe(email); // supabase-js reads the user before deleting

    const { data } = await admin().getUserById(userId);
    const user = data.user;
    expect(user?.deleted_at).toBeTruthy();
    expect(user?.email).toBe(obfuscated(userId, email));
    expect(user?.phone).toBe(obfuscated(userId, "").slice(0, 15));
    expect(user?.app_metadata).toEqual({});
    expect(user?.user_metadata).toEqual({});
    expect(user?.identities).toEqual([
      expect.objectContaining({ id: obfuscated(userId, `email:${userId}`), identity_data: {} }),
    ]);

    const signIn = await anonClient(backend).auth.signInWithPassword({ email, password });
    expect(signIn.error?.code).toBe("invalid_credentials");
    const refreshed = await anonClient(backend).auth.refreshSession({
      refresh_token: session?.refresh_token ?? "",
    });
    expect(refreshed.error?.code).toBe("refresh_token_not_found");
    const self = await anonClient(backend).auth.getUser(session?.access_token);
    // 403 session_not_found, which supabase-js reports as a missing session.
    expect(self.error?.name).toBe("AuthSessionMissingError");
    expect(self.data.user).toBeNull();
    const link = new URL(pending?.links[0] ?? "");
    const verified = await anonClient(backend).auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash") ?? "",
      type: "recovery",
    });
    expect(verified.error?.code).toBe("otp_expired");

    // Listed like any user (hosted lists soft-deleted users too); deleting again is a no-op.
    const listed = await admin().listUsers({ perPage: 1000 });
    expect(listed.data.users.find((row) => row.id === userId)?.deleted_at).toBeTruthy();
    expect((await admin().deleteUser(userId, true)).error).toBeNull();
  });

  it("frees the address for a new account", async () => {
    const { userId, email } = await signedInClient(backend);
    expect((await admin().deleteUser(userId, true)).error).toBeNull();
    // A real sign-up, not the look-alike answer for a taken address (identities: []).
    const signUp = await anonClient(backend).auth.signUp({ email, password: "second-life-1" });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.id).not.toBe(userId);
    expect(signUp.data.user?.identities).toHaveLength(1);
    expect(await backend.mailbox.latestTo(email)).toBeDefined();
  });

  it("refuses a should_soft_delete that is not a boolean", async () => {
    const { userId } = await signedInClient(backend);
    const response = await fetch(`${backend.url}/auth/v1/admin/users/${userId}`, {
      method: "DELETE",
      headers: {
        apikey: backend.serviceRoleKey,
        authorization: `Bearer ${backend.serviceRoleKey}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ should_soft_delete: "yes" }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("bad_json");
    expect((await admin().getUserById(userId)).data.user?.deleted_at).toBeUndefined();
  });
});

describe("listUsers pagination", () => {
  const parseError = (value: string, reason: string) =>
    `Bad Pagination Parameters: strconv.ParseUint: parsing ${value}: ${reason}`;

  it("answers 400 with GoTrue's messages for page and per_page that are not unsigned integers", async () => {
    const cases: [{ page?: number; perPage?: number }, string][] = [
      [{ page: -1 }, parseError('"-1"', "invalid syntax")],
      [{ page: 1.5 }, parseError('"1.5"', "invalid syntax")],
      [{ perPage: Number.NaN }, parseError('"NaN"', "invalid syntax")],
      [{ perPage: 1e21 }, parseError('"1e+21"', "invalid syntax")],
      [{ page: 2 ** 70 }, parseError('"1.1805916207174113e+21"', "invalid syntax")],
      [{ perPage: 0 }, "Bad Pagination Parameters: per_page must be greater than 0"],
    ];
    await bounded(async () => {
      for (const [params, message] of cases) {
        const { data, error } = await admin().listUsers(params);
        expect({ status: error?.status, code: error?.code, message: error?.message }).toEqual({
          status: 400,
          code: "validation_failed",
          message,
        });
        expect(data.users).toEqual([]);
      }
    }, 5_000);
  });

  it("refuses huge and odd values quickly, quoting them as Go does", async () => {
    const list = async (query: string) => {
      const response = await fetch(`${backend.url}/auth/v1/admin/users?${query}`, {
        headers: {
          apikey: backend.serviceRoleKey,
          authorization: `Bearer ${backend.serviceRoleKey}`,
        },
      });
      return { status: response.status, body: await response.json() };
    };
    await bounded(async () => {
      const huge = await list(`page=${"9".repeat(8000)}`);
      expect(huge.status).toBe(400);
      expect(huge.body.message).toBe(parseError(`"${"9".repeat(8000)}"`, "value out of range"));
      const odd = await list(`per_page=${encodeURIComponent('1"\n\u0000é')}`);
      expect(odd.body.message).toBe(parseError('"1\\"\\n\\x00é"', "invalid syntax"));
      const overflow = await list("per_page=18446744073709551616");
      expect(overflow.body.message).toBe(
        parseError('"18446744073709551616"', "value out of range"),
      );
    }, 5_000);
  });

  it("pages with any unsigned 64-bit value, past the end empty", async () => {
    await signedInClient(backend);
    const far = await admin().listUsers({ page: 2 ** 40, perPage: 2 ** 40 });
    expect(far.error).toBeNull();
    expect(far.data.users).toEqual([]);
    const all = await admin().listUsers({ page: 0, perPage: 5000 });
    expect(all.error).toBeNull();
    expect(all.data.users.length).toBeGreaterThan(1);
  });
});

describe("password length in bytes (GoTrue counts len() of the UTF-8 string)", () => {
  const threeByteChars = "€".repeat(30); // 30 characters, 90 bytes

  it("refuses more than 72 bytes everywhere, never truncating", async () => {
    const email = uniqueEmail("bytes");
    const created = await admin().createUser({
      email,
      password: threeByteChars,
      email_confirm: true,
    });
    expect(created.error?.status).toBe(400);
    expect(created.error?.code).toBe("validation_failed");
    expect(created.error?.message).toBe("bcrypt: password length exceeds 72 bytes");
    const signUp = await anonClient(backend).auth.signUp({ email, password: threeByteChars });
    expect(signUp.error?.message).toBe("Password cannot be longer than 72 characters");

    const { client, userId } = await signedInClient(backend);
    const update = await admin().updateUserById(userId, { password: "€".repeat(25) });
    expect(update.error?.message).toBe("Password cannot be longer than 72 characters");
    const own = await client.auth.updateUser({ password: "€".repeat(25) });
    expect(own.error?.message).toBe("Password cannot be longer than 72 characters");
    // 24 × 3 bytes = 72 is still fine.
    expect((await client.auth.updateUser({ password: "€".repeat(24) })).error).toBeNull();
  });

  it("counts the 6-byte minimum in bytes too", async () => {
    const email = uniqueEmail("short");
    const accepted = await anonClient(backend).auth.signUp({ email, password: "ééé" });
    expect(accepted.error).toBeNull();
    const refused = await anonClient(backend).auth.signUp({
      email: uniqueEmail("shorter"),
      password: "éé",
    });
    expect(refused.error?.code).toBe("weak_password");
  });
});

describe("GET /user (asked on every signed-in page)", () => {
  it("answers the same user as the admin API, identities included, until the session ends", async () => {
    const { client, userId } = await signedInClient(backend);
    const token = (await client.auth.getSession()).data.session?.access_token ?? "";
    const own = await anonClient(backend).auth.getUser(token);
    expect(own.error).toBeNull();
    expect(own.data.user?.identities).toEqual([
      expect.objectContaining({ user_id: userId, provider: "email" }),
    ]);
    expect(own.data.user).toEqual((await admin().getUserById(userId)).data.user);

    expect((await client.auth.signOut()).error).toBeNull();
    const after = await anonClient(backend).auth.getUser(token);
    expect(after.error?.name).toBe("AuthSessionMissingError");
    expect(after.data.user).toBeNull();
  });
});

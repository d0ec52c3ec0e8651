/** Admin user management as GoTrue's admin.go: password bytes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient, signedInClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ rateLimits: false });
});
afterAll(() => backend?.close());

const admin = () => serviceClient(backend).auth.admin;

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

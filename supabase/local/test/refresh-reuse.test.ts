/** Refresh-token rotation: replay detection that sticks, and parallel refreshes that keep working. */
import { isAuthSessionMissingError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, signedInClient, sleep } from "./helpers.ts";

const REUSE_INTERVAL_SECONDS = 1;
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({
    security: { refreshTokenReuseIntervalSeconds: REUSE_INTERVAL_SECONDS },
  });
});
afterAll(() => backend?.close());

const refresh = (refreshToken: string) =>
  anonClient(backend).auth.refreshSession({ refresh_token: refreshToken });

async function freshSession() {
  const { client } = await signedInClient(backend);
  const session = (await client.auth.getSession()).data.session;
  if (!session) throw new Error("no session");
  return session;
}

describe("refresh-token replay", () => {
  it("ends the whole session when a rotated token comes back after the reuse interval", async () => {
    const stolen = (await freshSession()).refresh_token;
    // The thief refreshes first and holds the newest token of the family.
    const thief = await refresh(stolen);
    expect(thief.error).toBeNull();
    const thiefRefresh = thief.data.session?.refresh_token ?? "";
    const thiefAccess = thief.data.session?.access_token ?? "";

    await sleep(REUSE_INTERVAL_SECONDS * 1000 + 200);
    const victim = await refresh(stolen);
    expect(victim.error?.code).toBe("refresh_token_already_used");
    expect(victim.error?.status).toBe(400);
    expect(victim.error?.message).toBe("Invalid Refresh Token: Already Used");

    // The revocation was committed: the thief's newer tokens are dead too.
    const thiefAgain = await refresh(thiefRefresh);
    expect(thiefAgain.error?.code).toBe("refresh_token_not_found");
    const thiefUser = await anonClient(backend).auth.getUser(thiefAccess);
    expect(isAuthSessionMissingError(thiefUser.error)).toBe(true);
  });

  it("lets 8 parallel refreshes of one token succeed with the same new token", async () => {
    const session = await freshSession();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => refresh(session.refresh_token)),
    );
    for (const result of results) expect(result.error).toBeNull();
    const issued = new Set(results.map((result) => result.data.session?.refresh_token));
    expect(issued.size).toBe(1);
    const [next] = [...issued];
    expect(next).not.toBe(session.refresh_token);
    const following = await refresh(next ?? "");
    expect(following.error).toBeNull();
  });
});

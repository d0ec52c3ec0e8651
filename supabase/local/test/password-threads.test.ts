/** The bcrypt pool starts its threads with the work, never more than configured. */
import { afterEach, describe, expect, it } from "vitest";
import { createPasswordHasher, type PasswordHasher } from "../auth/passwords.ts";

let hasher: PasswordHasher | undefined;
afterEach(() => hasher?.close());

describe("password threads", () => {
  it("starts none before the first check, one for checks one at a time", async () => {
    hasher = createPasswordHasher({ workers: 2, cost: 4, maxPending: 8 });
    expect(hasher.threads()).toBe(0);
    const hash = await hasher.hash("first-password-1");
    expect(await hasher.matches("first-password-1", hash)).toBe(true);
    expect(await hasher.matches("wrong-password-1", hash)).toBe(false);
    expect(hasher.threads()).toBe(1);
  });

  it("starts a second thread for checks at the same time, and no third", async () => {
    hasher = createPasswordHasher({ workers: 2, cost: 4, maxPending: 8 });
    const hashes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => hasher?.hash(`password-${i}-abc`)),
    );
    expect(new Set(hashes).size).toBe(6);
    expect(hasher.threads()).toBe(2);
  });

  it("refuses checks past its queue at once, and works again after", async () => {
    hasher = createPasswordHasher({ workers: 1, cost: 4, maxPending: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => hasher?.hash(`password-${i}-abc`)),
    );
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
    ]);
    expect(await hasher.hash("afterwards-1")).toMatch(/^\$2[ab]\$04\$/);
  });

  it("rejects what is pending when closed", async () => {
    hasher = createPasswordHasher({ workers: 1, cost: 4, maxPending: 4 });
    const pending = hasher.hash("closing-password-1");
    await hasher.close();
    await expect(pending).rejects.toThrow(/closed|exited/);
    await expect(hasher.hash("too-late-1")).rejects.toThrow("password pool is closed");
  });
});

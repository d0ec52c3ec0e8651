import { describe, expect, it } from "vitest";
import { freshNonce } from "./csp-nonce.server";

describe("freshNonce", () => {
  it("never repeats across pool refills: 16 random bytes each, base64", () => {
    const nonces = Array.from({ length: 2_000 }, freshNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

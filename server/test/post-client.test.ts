import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { ADMIN_PASS, adminPassValue } from "../../app/infra/admin-pass.ts";
import { postClientOf } from "../post-client.ts";

const SECRET = "test-session-secret-of-at-least-32-chars";
const USER = "6f1c0b1e-8d2a-4c4b-9a57-3f0e2b9d1c11";
const NOW_MS = 1_800_000_000_000;
const pass = (secret = SECRET, expiresAt = NOW_MS / 1000 + ADMIN_PASS.lifetimeSeconds) =>
  `admin-pass=${adminPassValue(secret, USER, expiresAt)}`;

function request(headers: Record<string, string>, address = "192.0.2.7"): IncomingMessage {
  return { headers, socket: { remoteAddress: address } } as unknown as IncomingMessage;
}

const options = { secret: () => SECRET, now: () => NOW_MS };

describe("postClientOf", () => {
  it("is the socket address, or the first forwarded one behind a trusted proxy", () => {
    const forwarded = request({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" });
    expect(postClientOf(forwarded, options)).toEqual({ key: "192.0.2.7" });
    expect(postClientOf(forwarded, { ...options, trustProxy: true })).toEqual({
      key: "203.0.113.9",
    });
  });

  it("is the administrator with a valid pass next to a session cookie", () => {
    const cookie = `sb-127-auth-token=abc; ${pass()}`;
    expect(postClientOf(request({ cookie }), options)).toEqual({ key: USER, admin: true });
  });

  it("is an ordinary client with a forged, expired or other-secret pass, or no session", () => {
    const cookies = [
      `sb-127-auth-token=abc; ${pass("another-secret-of-at-least-32-characters")}`,
      `sb-127-auth-token=abc; ${pass(SECRET, NOW_MS / 1000 - 1)}`,
      `sb-127-auth-token=abc; admin-pass=${USER}.9999999999.forged`,
      pass(),
    ];
    for (const cookie of cookies) {
      expect(postClientOf(request({ cookie }), options)).toEqual({ key: "192.0.2.7" });
    }
    // Without the secret (a gate made without one), nobody is an administrator.
    const cookie = `sb-127-auth-token=abc; ${pass()}`;
    expect(postClientOf(request({ cookie }))).toEqual({ key: "192.0.2.7" });
  });
});

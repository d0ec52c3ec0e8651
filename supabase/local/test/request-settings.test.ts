/**
 * Each REST call's settings (role, JWT claims, method, path, headers) reach Postgres as one
 * simple-protocol statement with the values quoted by `sqlLiteral`: whatever a visitor puts in a
 * header or a signed claim must come back from `current_setting` byte for byte, and a NUL is
 * refused as Postgres refuses it — never a changed statement.
 */
import { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlLiteral } from "../rest/transaction.ts";
import { type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";

let backend: SqlTestBackend;

beforeAll(async () => {
  backend = await startBackendWithSql(`
    create function public.request_settings() returns json language sql stable as $$
      select json_build_object(
        'headers', current_setting('request.headers', true)::json,
        'claims', current_setting('request.jwt.claims', true)::json,
        'path', current_setting('request.path', true),
        'role', current_user)
    $$;
    grant execute on function public.request_settings() to anon, authenticated;
  `);
});
afterAll(() => backend?.close());

async function settings(headers: Record<string, string>, bearer = backend.anonKey) {
  const response = await fetch(`${backend.url}/rest/v1/rpc/request_settings`, {
    headers: { apikey: backend.anonKey, authorization: `Bearer ${bearer}`, ...headers },
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, body: await response.json() };
}

const hostile = [
  "'",
  "''",
  "\\",
  "\\'",
  "'); drop table public.posts; --",
  "E'\\x41'",
  "$$ select 1 $$",
  "\\\\''\\",
];

describe("request settings reach Postgres unchanged", () => {
  it("echoes hostile header values byte for byte", async () => {
    for (const value of hostile) {
      const { status, body } = await settings({ "x-probe": value });
      expect(status, value).toBe(200);
      expect(body.headers["x-probe"], value).toBe(value);
      expect(body.role).toBe("anon");
    }
  });

  it("echoes any printable header value (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.constantFrom("'", "\\", '"', "$", "E", "a", ";", "-", " ", "\u00e9"),
        }),
        async (value) => {
          const trimmed = value.trim();
          const { status, body } = await settings({ "x-probe": trimmed });
          expect(status).toBe(200);
          expect(body.headers["x-probe"] ?? "").toBe(trimmed);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("echoes signed claims holding quotes, backslashes and any Unicode", async () => {
    const name = "O'Brien \\ \"Wanjiru\" E'\\x41' \u{1F600} Ñ";
    const token = await new SignJWT({ role: "authenticated", user_metadata: { full_name: name } })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("00000000-0000-0000-0000-000000000001")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(backend.jwtSecret));
    const { status, body } = await settings({}, token);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.claims.user_metadata.full_name).toBe(name);
    expect(body.role).toBe("authenticated");
  });
});

describe("sqlLiteral", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db?.close());

  it("is exact whatever standard_conforming_strings says", async () => {
    for (const conforming of ["on", "off"]) {
      await db.exec(`set standard_conforming_strings = ${conforming}`);
      for (const value of hostile) {
        const { rows } = await db.query<{ v: string }>(`select ${sqlLiteral(value)} as v`);
        expect(rows[0]?.v, `${conforming}: ${value}`).toBe(value);
      }
    }
  });

  it("refuses a NUL as Postgres refuses one in a text value", () => {
    expect(() => sqlLiteral("a\0b")).toThrow(/0x00/);
  });
});

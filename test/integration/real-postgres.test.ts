/**
 * The SQL on real PostgreSQL 17 (what a hosted Supabase project runs), not only on PGlite:
 * the bootstrap, migrations and seed of supabase/local/database.ts (bringToSchema) on a
 * throw-away PostgreSQL 17 server, then the row-level-security matrix
 * (test/support/rls-matrix.ts) there and on the embedded backend's own PGlite database; both
 * must be identical, and a few outcomes pin the policy. The roles' statement timeouts, which the
 * REST layer sets in each request (requestSettingsSql), are PostgreSQL's own there.
 */
import {
  loadRoleSettings,
  type RequestRole,
  requestSettingsSql,
} from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isNetworkUrl,
  isPhoneNumber,
  isSiteEmail,
  isTextLine,
  isTextParagraph,
} from "~/domain/site/editor/stored-rules";
import {
  type OnPglite,
  pgliteWithFixture,
  realPostgresWithFixture,
  stopwatch,
} from "../support/both-servers.ts";
import type { RealPostgres } from "../support/real-postgres.ts";
import { CALLERS } from "../support/rls-fixture.ts";
import { type Matrix, type MatrixResult, rlsMatrix } from "../support/rls-matrix.ts";
import { expectedMoneyOutcomes } from "../support/rls-money.ts";
import { expectedRoleTableOutcomes } from "../support/rls-organisations.ts";
import { pgliteSession, pgSession, type SqlSession } from "../support/sql-session.ts";

let server: RealPostgres | undefined;
let pglite: Pick<OnPglite, "close"> | undefined;
let pgliteDb: OnPglite["db"] | undefined;
let real: MatrixResult;
let embedded: MatrixResult;

async function onRealPostgres(): Promise<MatrixResult> {
  const lap = stopwatch();
  const { server: started, session } = await realPostgresWithFixture(lap, (s) => {
    server = s;
  });
  const result = await rlsMatrix(session);
  console.log(`[real-postgres] ${started.version.split(" on ")[0]}: ${lap("matrix")}`);
  return result;
}

async function onPglite(): Promise<MatrixResult> {
  const lap = stopwatch();
  const { db, session } = await pgliteWithFixture(lap, (copy) => {
    pglite = copy;
  });
  pgliteDb = db;
  const result = await rlsMatrix(session);
  console.log(`[real-postgres] PGlite: ${lap("matrix")}`);
  return result;
}

beforeAll(async () => {
  // Both settle before a failure is reported, so that afterAll finds whatever was started.
  const [onReal, onEmbedded] = await Promise.allSettled([onRealPostgres(), onPglite()]);
  if (onReal.status === "rejected") throw onReal.reason;
  if (onEmbedded.status === "rejected") throw onEmbedded.reason;
  [real, embedded] = [onReal.value, onEmbedded.value];
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.stop(), pglite?.close()]);
});

/**
 * Where PGlite (PostgreSQL 18) answers otherwise than PostgreSQL 17 because of the version,
 * not of our SQL: 18 reports a violated ON DELETE RESTRICT as 23001 restrict_violation, 17 as
 * 23503 foreign_key_violation (what PostgREST answers 409 to). Rewritten to the 17 form.
 */
const VERSION_DIFFERENCES: [RegExp, string][] = [
  [
    /^23001 update or delete on table "(.+)" violates RESTRICT setting of foreign key constraint "(.+)" on table "(.+)"$/,
    '23503 update or delete on table "$1" violates foreign key constraint "$2" on table "$3"',
  ],
];

function asOnPostgres17(matrix: Matrix): { matrix: Matrix; rewritten: number[] } {
  const rewritten = VERSION_DIFFERENCES.map(() => 0);
  const result: Matrix = {};
  for (const [key, value] of Object.entries(matrix)) {
    const index = VERSION_DIFFERENCES.findIndex(([pattern]) => pattern.test(value));
    const difference = VERSION_DIFFERENCES[index];
    if (difference) rewritten[index] = (rewritten[index] ?? 0) + 1;
    result[key] = difference ? value.replace(difference[0], difference[1]) : value;
  }
  return { matrix: result, rewritten };
}

const outcome = (result: MatrixResult, key: string): string => {
  const value = result.matrix[key];
  if (value === undefined) throw new Error(`no outcome for ${key}`);
  return value;
};

describe("the SQL on real PostgreSQL 17", () => {
  it("runs on a PostgreSQL 17 server", () => {
    expect(server?.version).toMatch(/^PostgreSQL 17\./);
  });

  it("covers every table and function of the API schemas, each with a row to try", () => {
    expect(real.tables).toEqual(embedded.tables);
    expect(real.routines).toEqual(embedded.routines);
    expect(real.tables).toEqual(
      expect.arrayContaining(["public.services", "public.content_redirects", "storage.objects"]),
    );
    expect(real.routines).toEqual(expect.arrayContaining(["public.is_admin()"]));
    const untried = Object.entries(real.matrix).filter(([, value]) => value === "no row to try");
    expect(untried).toEqual([]);
    const callers = Object.keys(CALLERS).length;
    expect(Object.keys(real.matrix)).toHaveLength(
      callers * (real.tables.length * 4 + real.routines.length * 2),
    );
  });

  it("gives every caller the same outcome on PostgreSQL 17 as on PGlite", () => {
    const { matrix, rewritten } = asOnPostgres17(embedded.matrix);
    expect(real.matrix).toEqual(matrix);
    // Each known version difference still occurs (drop it from the list when it no longer does).
    for (const count of rewritten) expect(count).toBeGreaterThan(0);
  });
});

describe("statement timeouts on PostgreSQL 17", () => {
  const settingsAs = async (role: string) => {
    const who: RequestRole = { role, claims: { role } };
    const roleSettings = await loadRoleSettings(pgSession(server!.client));
    const scope = { who, req: { method: "POST", headers: {} }, path: "/rpc/slow", roleSettings };
    return requestSettingsSql(scope, false);
  };

  it("are each role's own, set by the request's settings (service_role: the authenticator's)", async () => {
    const session = pgSession(server!.client);
    for (const [role, timeout] of [
      ["anon", "3s"],
      ["authenticated", "8s"],
      ["service_role", "8s"],
    ] as const) {
      await session.script(`begin; ${await settingsAs(role)}`);
      const { rows } = await session.query<{ timeout: string }>(
        "select current_setting('statement_timeout') as timeout",
      );
      await session.script("rollback");
      expect(rows[0]?.timeout, role).toBe(timeout);
    }
  });

  it("are enforced by PostgreSQL itself: anon's statement stops after 3 s with 57014", async () => {
    const session = pgSession(server!.client);
    await session.script(`begin; ${await settingsAs("anon")}`);
    const started = performance.now();
    const error = await session.query("select pg_sleep(10)").catch((caught: unknown) => caught);
    const ms = performance.now() - started;
    await session.script("rollback");
    expect(error).toMatchObject({ code: "57014" });
    expect(ms).toBeGreaterThanOrEqual(2990);
    expect(ms).toBeLessThan(6000);
  });
});

describe("the policy, on both servers", () => {
  for (const [name, result] of [
    ["PostgreSQL 17", () => real],
    ["PGlite", () => embedded],
  ] as const) {
    it(`${name}: contact messages are read by their sender (also from before the account) and admins only`, () => {
      const m = result();
      expect(outcome(m, "anon public.contact_messages select")).toBe(
        "42501 permission denied for table contact_messages",
      );
      expect(outcome(m, "owner public.contact_messages select")).toBe("1 rows");
      // What "other" sent before having an account, from the address it then confirmed.
      expect(outcome(m, "other public.contact_messages select")).toBe("1 rows");
      expect(outcome(m, "admin public.contact_messages select")).toBe("3 rows");
      // The first message is the owner's: nobody else can send one in the owner's name.
      expect(outcome(m, "owner public.contact_messages insert")).toBe("ok 1");
      for (const caller of ["anon", "other", "admin"]) {
        expect(outcome(m, `${caller} public.contact_messages insert`)).toBe(
          '42501 new row violates row-level security policy for table "contact_messages"',
        );
      }
    });

    it(`${name}: only admins (and the service role) see draft services and posts`, () => {
      const m = result();
      const count = (caller: string, table: string) =>
        Number(outcome(m, `${caller} public.${table} select`).split(" ")[0]);
      for (const table of ["services", "posts"]) {
        const visible = count("anon", table);
        expect(visible).toBeGreaterThan(0);
        expect(count("owner", table)).toBe(visible);
        expect(count("other", table)).toBe(visible);
        expect(count("admin", table)).toBe(visible + 1);
        expect(count("service_role", table)).toBe(visible + 1);
        for (const caller of ["anon", "owner", "other"]) {
          expect(outcome(m, `${caller} public.${table} update`)).toMatch(/^(ok 0|42501 )/);
          expect(outcome(m, `${caller} public.${table} delete`)).toMatch(/^(ok 0|42501 )/);
        }
        expect(outcome(m, `admin public.${table} update`)).toBe(`ok ${visible + 1}`);
      }
    });

    it(`${name}: nobody but the definer functions writes the audit log`, () => {
      const m = result();
      for (const caller of Object.keys(CALLERS)) {
        for (const operation of ["insert", "update", "delete"]) {
          expect(outcome(m, `${caller} public.audit_log ${operation}`)).toMatch(/^42501 /);
        }
        const appendAudit = `${caller} public.append_audit(text,text,text,text)`;
        expect(outcome(m, `${appendAudit} execute`)).toBe("denied");
        expect(outcome(m, `${appendAudit} call`)).toBe(
          "42501 permission denied for function append_audit",
        );
      }
      expect(outcome(m, "admin public.audit_log select")).toBe("1 rows");
      expect(outcome(m, "owner public.audit_log select")).toBe("0 rows");
    });

    it(`${name}: visitors read the old slugs of the items they can see, admins every one`, () => {
      const m = result();
      for (const caller of ["anon", "owner", "other"]) {
        expect(outcome(m, `${caller} public.content_redirects select`)).toBe("2 rows");
      }
      expect(outcome(m, "admin public.content_redirects select")).toBe("3 rows");
      expect(outcome(m, "service_role public.content_redirects select")).toBe("3 rows");
    });

    it(`${name}: nobody but the service role runs the content import`, () => {
      const m = result();
      for (const fn of [
        "content_import(uuid,integer,boolean)",
        "content_import_part(uuid,integer,text)",
      ]) {
        const name = fn.slice(0, fn.indexOf("("));
        for (const caller of ["anon", "owner", "other", "admin"]) {
          expect(outcome(m, `${caller} public.${fn} execute`)).toBe("denied");
          expect(outcome(m, `${caller} public.${fn} call`)).toBe(
            `42501 permission denied for function ${name}`,
          );
        }
        expect(outcome(m, `service_role public.${fn} execute`)).toBe("granted");
        expect(outcome(m, `service_role public.${fn} call`)).toMatch(/^22023 content_import/);
      }
    });

    it(`${name}: roles and organisations answer every caller as written down, B's rows unseen`, () => {
      const m = { ...result(), matrix: asOnPostgres17(result().matrix).matrix };
      const expected = expectedRoleTableOutcomes();
      const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, outcome(m, key)]));
      expect(actual).toEqual(expected);
      for (const caller of ["anon", "owner", "staff", "client_owner", "service_role"]) {
        expect(outcome(m, `${caller} public.viewer_roles(uuid) execute`)).toBe("denied");
      }
      for (const caller of ["owner", "staff", "client_owner"]) {
        expect(outcome(m, `${caller} public.set_agency_role(uuid,text) call`)).toBe(
          "42501 Only administrators may change agency roles",
        );
      }
      expect(outcome(m, "anon public.can(text,text,uuid) execute")).toBe("denied");
      expect(outcome(m, "service_role public.set_agency_role(uuid,text) execute")).toBe("denied");
    });

    it(`${name}: quotes, invoices and the ledger answer every caller as written down`, () => {
      const m = result();
      const expected = expectedMoneyOutcomes();
      const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, outcome(m, key)]));
      expect(actual).toEqual(expected);
      // Money moves through the definer functions only, each for its own caller.
      for (const caller of ["anon", "owner", "client_owner", "staff"]) {
        expect(
          outcome(
            m,
            `${caller} public.settle_mpesa_push(bigint,text,timestamp with time zone) execute`,
          ),
        ).toBe("denied");
        expect(outcome(m, `${caller} public.next_document_number(text,integer) execute`)).toBe(
          "denied",
        );
      }
    });

    it(`${name}: is_admin() reads the account, and anon cannot call it`, () => {
      const m = result();
      expect(outcome(m, "anon public.is_admin() execute")).toBe("denied");
      expect(outcome(m, "admin public.is_admin() call")).toBe("ok 1 rows → true");
      expect(outcome(m, "owner public.is_admin() call")).toBe("ok 1 rows → false");
    });
  }
});

/**
 * Values for the content rules (supabase/migrations/20261207000002_content_guards.sql): every
 * ASCII and C1 character and the Unicode spaces inside a text and an address, a stride through
 * the planes with letters, and the review's values.
 */
function ruleValues(): string[] {
  const characters: string[] = [];
  for (let cp = 1; cp < 0xa1; cp++) characters.push(String.fromCodePoint(cp));
  for (let cp = 0xa1; cp < 0x40000; cp += 251) {
    if (cp < 0xd800 || cp > 0xdfff) characters.push(String.fromCodePoint(cp));
  }
  characters.push("\u1680", "\u2007", "\u200b", "\u2028", "\u202f", "\u3000", "\ufeff", "😀");
  return [
    ...characters.flatMap((c) => [`a${c}b`, `a${c}b@example.test`, `ab@exa${c}mple.test`]),
    "Jenga\nDigital",
    "hello@example.test?bcc=eve@evil.example",
    "+254 712 345 678",
    "0712 + 345",
    "https://www.facebook.com/jengadigital",
    "https://WWW.FaceBook.com:443/x",
    "https://www.facebook.com@evil.example/",
    "https://faceboo\u212a.com/",
  ];
}

/** Each value's answers on one server. */
async function ruleAnswers(session: SqlSession, values: string[]) {
  const { rows } = await session.query<Record<string, boolean>>(
    `select public.is_text_line(v) as line, public.is_text_paragraph(v) as paragraph,
            public.is_site_email(v) as email, public.is_phone_number(v) as phone,
            public.is_social_links_of_networks(
              jsonb_build_array(jsonb_build_object('network', 'facebook', 'url', v))) as link
       from jsonb_array_elements_text($1::jsonb) with ordinality as e(v, n) order by n`,
    [JSON.stringify(values)],
  );
  return rows;
}

describe("the content rules, on both servers", () => {
  it("answer every value as the editors' JavaScript does", async () => {
    const values = ruleValues();
    const expected = values.map((v) => ({
      line: isTextLine(v),
      paragraph: isTextParagraph(v),
      email: isSiteEmail(v),
      phone: isPhoneNumber(v),
      link: isNetworkUrl("facebook", v) && /^https:\/\/[^\s/]+\.[^\s]{2,}$/.test(v),
    }));
    const onReal = await ruleAnswers(pgSession(server!.client), values);
    const onPglite = await ruleAnswers(pgliteSession(pgliteDb!), values);
    const differing = (answers: Record<string, boolean>[]) =>
      values.flatMap((v, i) =>
        JSON.stringify(answers[i]) === JSON.stringify(expected[i])
          ? []
          : [`${JSON.stringify(v)}: ${JSON.stringify(answers[i])}`],
      );
    expect(values.length).toBeGreaterThan(3000);
    expect(differing(onReal)).toEqual([]);
    expect(differing(onPglite)).toEqual([]);
  });
});

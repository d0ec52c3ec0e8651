/**
 * A draft's lines are replaced in one call (public.replace_draft_lines,
 * supabase/migrations/20261235000001_draft_lines.sql), on PGlite and on PostgreSQL 17: a line
 * refused half-way through leaves the draft with the lines it had (the editors once deleted them
 * first, in a call of its own), a sent quote or an issued invoice keeps its lines, and only the
 * people who may update the document — the admin, the staff assigned to its client — replace
 * them; to anyone else it does not exist. On the RLS fixture (test/support/rls-fixture.ts,
 * rls-money-fixture.ts): A's draft quote and draft invoice, B's issued invoice.
 */
import { loadRoleSettings } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BothServers, bothWithFixture } from "../support/both-servers.ts";
import { CALLERS } from "../support/rls-fixture.ts";
import { attempt } from "../support/rls-matrix.ts";
import { INVOICE_A, INVOICE_B, QUOTE_A } from "../support/rls-money-fixture.ts";
import type { SqlSession } from "../support/sql-session.ts";

const DRAFT_QUOTE = QUOTE_A + 1;
const DRAFT_INVOICE = INVOICE_A + 1;

let servers: BothServers | undefined;
const sessions: Record<string, SqlSession> = {};

beforeAll(async () => {
  servers = await bothWithFixture();
  for (const [name, session] of Object.entries(servers.sessions)) {
    sessions[name] = { ...session, roleSettings: await loadRoleSettings(session) } as SqlSession;
  }
}, 120_000);

afterAll(async () => {
  await servers?.close();
});

interface Line {
  description: string;
  quantity: number;
  unit_price_cents: number;
  vat_rate_bp: number;
}

const line = (description: string, quantity: number, price: number): Line => ({
  description,
  quantity,
  unit_price_cents: price,
  vat_rate_bp: 1600,
});

const call = (document: "quote" | "invoice", id: number, lines: Line[]) =>
  `select public.replace_draft_lines('${document}', ${id}, '${JSON.stringify(lines).replaceAll("'", "''")}'::jsonb) as n`;

/** What the call does as `who`, rolled back: "ok <lines>" or the SQL error and its hint. */
async function outcome(
  session: SqlSession,
  who: keyof typeof CALLERS,
  statement: string,
): Promise<string> {
  const answer = await attempt(
    session,
    CALLERS[who] as NonNullable<(typeof CALLERS)[string]>,
    "/rpc/replace_draft_lines",
    false,
    statement,
  );
  if (!answer.ok) return answer.error;
  return `ok ${JSON.stringify(answer.result.rows)}`;
}

/** The document's lines and totals as stored (read as the migration owner). */
async function stored(session: SqlSession, document: "quote" | "invoice", id: number) {
  const table = document === "quote" ? "quote_lines" : "invoice_lines";
  const key = document === "quote" ? "quote_id" : "invoice_id";
  const parent = document === "quote" ? "quotes" : "invoices";
  const { rows: lines } = await session.query<{ id: number; description: string }>(
    `select id, position, description, quantity, unit_price_cents::text as price
       from public.${table} where ${key} = ${id} order by position, id`,
  );
  const { rows: totals } = await session.query(
    `select subtotal_cents::text as subtotal, vat_cents::text as vat, total_cents::text as total
       from public.${parent} where id = ${id}`,
  );
  return { lines, totals: totals[0] };
}

/** Runs the call as `who` and keeps it (no rollback), answering what `outcome` answers. */
async function committed(session: SqlSession, who: keyof typeof CALLERS, statement: string) {
  const answer = await attempt(
    session,
    CALLERS[who] as NonNullable<(typeof CALLERS)[string]>,
    "/rpc/replace_draft_lines",
    false,
    // The attempt rolls back what it ran: the commit inside it keeps this statement's work.
    `${statement}; commit; begin`,
  );
  return answer.ok ? "ok" : answer.error;
}

describe.each(["PGlite", "PostgreSQL 17"])("a draft's lines, on %s", (name) => {
  const session = () => sessions[name] as SqlSession;

  it("keeps the old lines and totals when a line is refused half-way through", async () => {
    for (const [document, id] of [
      ["quote", DRAFT_QUOTE],
      ["invoice", DRAFT_INVOICE],
    ] as const) {
      const before = await stored(session(), document, id);
      expect(before.lines).toHaveLength(1);
      // The first two lines are fine; the third has no quantity the table accepts.
      const refused = call(document, id, [
        line("Design", 1, 500_000),
        line("Hosting", 2, 100_000),
        line("Support", 0, 100_000),
      ]);
      expect(await committed(session(), "admin", refused)).toMatch(/^23514 .*quantity/);
      expect(await stored(session(), document, id)).toEqual(before);
      // A line without a description, too.
      const blank = call(document, id, [line("Design", 1, 500_000), line("  ", 1, 1)]);
      expect(await committed(session(), "staff", blank)).toMatch(/^23514 /);
      expect(await stored(session(), document, id)).toEqual(before);
    }
  });

  it("refuses a sent quote and an issued invoice, whoever asks", async () => {
    const lines = [line("Design", 1, 1)];
    for (const who of ["admin", "staff", "service_role"] as const) {
      expect(await outcome(session(), who, call("quote", QUOTE_A, lines))).toBe(
        "23514 Only a draft's lines change",
      );
      expect(await outcome(session(), who, call("invoice", INVOICE_A, lines))).toBe(
        "23514 Only a draft's lines change",
      );
    }
    const before = await stored(session(), "invoice", INVOICE_A);
    expect(await committed(session(), "admin", call("invoice", INVOICE_A, lines))).toMatch(
      /^23514/,
    );
    expect(await stored(session(), "invoice", INVOICE_A)).toEqual(before);
  });

  it("is nobody else's: the client, an outsider and B's documents for A's staff do not exist", async () => {
    const lines = [line("Design", 1, 1)];
    for (const who of ["client_owner", "client_member", "other", "owner"] as const) {
      expect(await outcome(session(), who, call("quote", DRAFT_QUOTE, lines))).toBe(
        "P0002 There is no such quote",
      );
      expect(await outcome(session(), who, call("invoice", DRAFT_INVOICE, lines))).toBe(
        "P0002 There is no such invoice",
      );
    }
    // B's issued invoice and B's draft: A's staff learn nothing about either.
    for (const id of [INVOICE_B, INVOICE_B + 1]) {
      expect(await outcome(session(), "staff", call("invoice", id, lines))).toBe(
        "P0002 There is no such invoice",
      );
    }
    expect(await outcome(session(), "anon", call("invoice", DRAFT_INVOICE, lines))).toBe(
      "42501 permission denied for function replace_draft_lines",
    );
  });

  // Last: it keeps what it changes.
  it("replaces every line at once, in the order typed, with the totals that follow", async () => {
    const lines = [
      line("Design", 1, 500_000),
      line("Hosting", 12, 150_000),
      line("Discount", 1, -50_000),
    ];
    expect(await outcome(session(), "staff", call("invoice", DRAFT_INVOICE, lines))).toBe(
      'ok [{"n":3}]',
    );
    expect(await committed(session(), "staff", call("invoice", DRAFT_INVOICE, lines))).toBe("ok");
    const after = await stored(session(), "invoice", DRAFT_INVOICE);
    expect(after.lines.map((row) => row.description)).toEqual(["Design", "Hosting", "Discount"]);
    // 500 000 + 1 800 000 − 50 000 net; VAT 16 % of each line: 80 000 + 288 000 − 8 000.
    expect(after.totals).toEqual({ subtotal: "2250000", vat: "360000", total: "2610000" });
    // An empty list leaves a draft with no lines.
    expect(await committed(session(), "admin", call("quote", DRAFT_QUOTE, []))).toBe("ok");
    expect(await stored(session(), "quote", DRAFT_QUOTE)).toEqual({
      lines: [],
      totals: { subtotal: "0", vat: "0", total: "0" },
    });
  });
});

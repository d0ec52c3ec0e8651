/**
 * Statements on the real PostgreSQL 17 of a money test (test/integration/money-ledger.test.ts):
 * more connections side by side, a request's JWT claims, a draft invoice of organisation A and
 * its issuing, and the message of a statement expected to fail.
 */
import type pg from "pg";
import PG from "pg";
import type { OnRealPostgres } from "./both-servers.ts";
import { ORG_A } from "./rls-fixture.ts";

export function moneyStatements(onReal: () => OnRealPostgres | undefined) {
  const clients: pg.Client[] = [];
  const db = () => (onReal() as OnRealPostgres).server.client;

  /** Another connection to the same server (its own transactions, side by side with the others). */
  async function connection(): Promise<pg.Client> {
    const { port } = db() as unknown as { port: number };
    const client = new PG.Client({
      host: "127.0.0.1",
      port,
      user: "postgres",
      password: "throw-away",
      database: "postgres",
    });
    await client.connect();
    clients.push(client);
    return client;
  }

  /** The transaction-local settings of a request by `sub` with `role` (PostgREST's way). */
  const as = (role: "service_role" | "authenticated", sub?: string) =>
    `select set_config('request.jwt.claims', '${JSON.stringify({ role, ...(sub ? { sub } : {}) })}', true);`;

  async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
    const { rows } = await db().query(sql, params);
    return rows[0] as T;
  }

  /** A draft invoice of organisation A with one line; returns its id. */
  async function draftInvoice(unitPriceCents = 100_000, organisation = ORG_A): Promise<number> {
    const { id } = await one<{ id: number }>(
      "insert into public.invoices (organisation_id, title) values ($1, 'Hosting') returning id",
      [organisation],
    );
    await db().query(
      "insert into public.invoice_lines (invoice_id, description, quantity, unit_price_cents) values ($1, 'Hosting', 1, $2)",
      [id, unitPriceCents],
    );
    return Number(id);
  }

  async function issue(id: number): Promise<string> {
    await db().query("begin");
    await db().query(as("service_role"));
    const { number } = await one<{ number: string }>(
      "select public.issue_invoice($1, current_date) as number",
      [id],
    );
    await db().query("commit");
    return number;
  }

  /** The SQL error's message (and hint) of a statement expected to fail, in its own transaction. */
  async function refusal(client: pg.Client, setup: string, sql: string): Promise<string> {
    await client.query("begin");
    try {
      await client.query(setup);
      await client.query(sql);
      return "no error";
    } catch (error) {
      const { message, hint } = error as { message: string; hint?: string };
      return hint ? `${message} (${hint})` : message;
    } finally {
      await client.query("rollback");
    }
  }

  /** Ends every connection `connection()` opened. */
  const endConnections = () => Promise.all(clients.map((client) => client.end().catch(() => {})));

  return { db, connection, as, one, draftInvoice, issue, refusal, endConnections };
}

/**
 * The money rules of supabase/migrations/20261220000001_billing.sql and 20261220000002_payments.sql
 * as a bookkeeper would check them: invoice numbers without gaps or doubles when several people
 * issue at once (on PostgreSQL 17, whose connections really run side by side), issued invoices
 * frozen, a credit note reducing a balance, VAT rounded half away from zero per line, a quote
 * accepted or declined by its client only until its date, a payment counted once however often
 * M-Pesa announces it, never spent twice, and prompts to a phone capped even when requested at
 * the same instant.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type OnRealPostgres,
  realPostgresWithFixture,
  stopwatch,
} from "../support/both-servers.ts";
import { moneyStatements } from "../support/money-statements.ts";
import { CLIENT_B_OWNER_ID, CLIENT_OWNER_ID, ORG_A, OTHER_ID } from "../support/rls-fixture.ts";
import { INVOICE_B, PAYMENT_A, QUOTE_A, QUOTE_B } from "../support/rls-money-fixture.ts";

let onReal: OnRealPostgres | undefined;

beforeAll(async () => {
  onReal = await realPostgresWithFixture(stopwatch(), () => {});
}, 120_000);

afterAll(async () => {
  await endConnections();
  await onReal?.server.stop();
});

const { db, connection, as, one, draftInvoice, issue, refusal, endConnections } = moneyStatements(
  () => onReal,
);

describe("invoice numbers", () => {
  it("are consecutive, unique and without gaps when eight people issue at once and some give up", async () => {
    const drafts = await Promise.all(Array.from({ length: 8 }, () => draftInvoice()));
    const before = await one<{ last: number }>(
      "select coalesce(max(last), 0) as last from public.document_counters where series = 'invoice' and year = extract(year from current_date)",
    );
    const connections = await Promise.all(drafts.map(() => connection()));
    const started = performance.now();
    const results = await Promise.all(
      drafts.map(async (id, index) => {
        const client = connections[index] as pg.Client;
        await client.query("begin");
        await client.query(as("service_role"));
        const { rows } = await client.query("select public.issue_invoice($1, current_date) as n", [
          id,
        ]);
        // Every third one gives up after taking its number: that number must go to another.
        await client.query("select pg_sleep(0.02)");
        const keep = index % 3 !== 0;
        await client.query(keep ? "commit" : "rollback");
        return keep ? String(rows[0]?.n) : undefined;
      }),
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    const kept = results.filter((n): n is string => n !== undefined);
    const sequence = kept.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    const first = Number(before.last) + 1;
    expect(sequence).toEqual(Array.from({ length: kept.length }, (_, i) => first + i));
    const year = new Date().getFullYear();
    for (const n of kept) expect(n).toMatch(new RegExp(`^JD-${year}-\\d{4}$`));
    // The ones given up are drafts again, with no number.
    const { count } = await one<{ count: string }>(
      "select count(*) from public.invoices where id = any($1) and status = 'draft' and number is null",
      [drafts],
    );
    expect(Number(count)).toBe(drafts.length - kept.length);
  });
});

describe("an issued invoice", () => {
  it("never changes: not its lines, its total or its date, and it is never deleted", async () => {
    const id = await draftInvoice(250_000);
    await issue(id);
    const changes = [
      `update public.invoices set total_cents = 1 where id = ${id}`,
      `update public.invoices set due_date = current_date + 90 where id = ${id}`,
      `insert into public.invoice_lines (invoice_id, description, unit_price_cents) values (${id}, 'Extra', 100)`,
      `update public.invoice_lines set unit_price_cents = 1 where invoice_id = ${id}`,
      `delete from public.invoices where id = ${id}`,
    ];
    for (const change of changes) {
      expect(await refusal(db(), as("service_role"), change)).toMatch(
        /never changes|Only a draft's lines change|never deleted/,
      );
    }
    const invoice = await one<{ total_cents: string; status: string }>(
      "select total_cents, status from public.invoices where id = $1",
      [id],
    );
    expect(invoice).toEqual({ total_cents: "290000", status: "issued" });
  });

  it("is corrected by a credit note, which lowers its balance and has its own numbers", async () => {
    const id = await draftInvoice(100_000);
    await issue(id);
    const { id: note } = await one<{ id: number }>(
      `insert into public.invoices (organisation_id, kind, credits_invoice_id, title)
       values ($1, 'credit_note', $2, 'Discount') returning id`,
      [ORG_A, id],
    );
    await db().query(
      "insert into public.invoice_lines (invoice_id, description, unit_price_cents) values ($1, 'Discount', 50000)",
      [note],
    );
    expect(await issue(Number(note))).toMatch(/^JD-CN-\d{4}-\d{4}$/);
    const corrected = await one<Record<string, string>>(
      "select total_cents, credited_cents, status from public.invoices where id = $1",
      [id],
    );
    expect(corrected).toEqual({
      total_cents: "116000",
      credited_cents: "58000",
      status: "partly_paid",
    });
    // A second note for more than what is left is refused.
    const { id: tooMuch } = await one<{ id: number }>(
      `insert into public.invoices (organisation_id, kind, credits_invoice_id, title)
       values ($1, 'credit_note', $2, 'Too much') returning id`,
      [ORG_A, id],
    );
    await db().query(
      "insert into public.invoice_lines (invoice_id, description, unit_price_cents) values ($1, 'Too much', 60000)",
      [tooMuch],
    );
    expect(
      await refusal(
        db(),
        as("service_role"),
        `select public.issue_invoice(${tooMuch}, current_date)`,
      ),
    ).toBe("A credit note is at most the invoice's balance (total)");
  });
});

describe("VAT", () => {
  it("is rounded per line, half away from zero, in whole cents", async () => {
    const { id } = await one<{ id: number }>(
      "insert into public.invoices (organisation_id, title) values ($1, 'Rounding') returning id",
      [ORG_A],
    );
    // net × rate: 333 × 16 % = 53.28 → 53; 1 × 50 % = 0.5 → 1; −1 × 50 % → −1; 3 × 16 % = 0.48
    // → 0; and a line near the largest (3 × KES 999,999,999.99) without losing a cent.
    const lines: [number, number, number][] = [
      [1, 333, 1600],
      [1, 1, 5000],
      [1, -1, 5000],
      [1, 3, 1600],
      [3, 99_999_999_999, 1600],
    ];
    for (const [quantity, price, rate] of lines) {
      await db().query(
        "insert into public.invoice_lines (invoice_id, description, quantity, unit_price_cents, vat_rate_bp) values ($1, 'Line', $2, $3, $4)",
        [id, quantity, price, rate],
      );
    }
    const { rows } = await db().query(
      "select vat_cents::text from public.invoice_lines where invoice_id = $1 order by id",
      [id],
    );
    expect(rows.map((row) => row.vat_cents)).toEqual(["53", "1", "-1", "0", "48000000000"]);
    const totals = await one<Record<string, string>>(
      "select subtotal_cents::text, vat_cents::text, total_cents::text from public.invoices where id = $1",
      [id],
    );
    expect(totals).toEqual({
      subtotal_cents: "300000000333",
      vat_cents: "48000000053",
      total_cents: "348000000386",
    });
  });
});

describe("a quote", () => {
  const owner = as("authenticated", CLIENT_OWNER_ID);

  it("is accepted by its client's owner with a typed name: the project opens and a deposit invoice is drafted", async () => {
    await db().query("begin");
    await db().query(owner);
    const { invoice } = await one<{ invoice: number }>(
      "select public.decide_quote($1, true, 'Amina Otieno', null, current_date) as invoice",
      [QUOTE_A],
    );
    await db().query("commit");
    const quote = await one<Record<string, unknown>>(
      "select status, signature_name, decided_by, project_id from public.quotes where id = $1",
      [QUOTE_A],
    );
    expect(quote).toMatchObject({
      status: "accepted",
      signature_name: "Amina Otieno",
      decided_by: CLIENT_OWNER_ID,
    });
    // Half of KES 10,000 net, VAT on it: a draft for the agency to issue.
    const deposit = await one<Record<string, string>>(
      "select status, subtotal_cents::text, vat_cents::text, total_cents::text, quote_id::text from public.invoices where id = $1",
      [invoice],
    );
    expect(deposit).toEqual({
      status: "draft",
      subtotal_cents: "500000",
      vat_cents: "80000",
      total_cents: "580000",
      quote_id: String(QUOTE_A),
    });
    // Answered once only.
    expect(
      await refusal(
        db(),
        owner,
        `select public.decide_quote(${QUOTE_A}, false, null, 'No', current_date)`,
      ),
    ).toBe("This quote has already been answered (decided)");
  });

  it("is not another client's to answer, nor an outsider's, and not after its date", async () => {
    const decide = `select public.decide_quote(${QUOTE_B}, true, 'Amina Otieno', null, current_date)`;
    expect(await refusal(db(), owner, decide)).toBe("There is no such quote");
    expect(await refusal(db(), as("authenticated", OTHER_ID), decide)).toBe(
      "There is no such quote",
    );
    const expired = `update public.quotes set valid_until = current_date - 1 where id = ${QUOTE_B};
      ${as("authenticated", CLIENT_B_OWNER_ID)}`;
    expect(await refusal(db(), expired, decide)).toBe("This quote has expired (expired)");
    const noReason = as("authenticated", CLIENT_B_OWNER_ID);
    expect(
      await refusal(
        db(),
        noReason,
        `select public.decide_quote(${QUOTE_B}, false, null, '  ', current_date)`,
      ),
    ).toBe("A reason is required (reason)");
  });
});

describe("the ledger", () => {
  it("counts an M-Pesa payment once however often it is settled, and applies it to its invoice", async () => {
    const id = await draftInvoice(100_000);
    await issue(id);
    await db().query("begin");
    await db().query(as("authenticated", CLIENT_OWNER_ID));
    const { push } = await one<{ push: number }>(
      "select public.start_mpesa_push($1, '254708374149', 116000) as push",
      [id],
    );
    await db().query("commit");
    // The prompt names the invoice as it is printed (12 characters fit Daraja's reference).
    const printed = await one<{ number: string; account: string }>(
      `select i.number, m.account_reference as account from public.mpesa_pushes m
         join public.invoices i on i.id = m.invoice_id where m.id = ${push}`,
    );
    expect(printed.account).toMatch(/^JD-\d{4}-\d{4}$/);
    expect(printed.account).toBe(printed.number);
    const settle = `select public.settle_mpesa_push(${push}, 'TKL51ZDR9X', now()) as payment`;
    const payments = await Promise.all(
      [0, 1, 2].map(async () => {
        const client = await connection();
        await client.query("begin");
        await client.query(as("service_role"));
        const { rows } = await client.query(settle);
        await client.query("commit");
        return String(rows[0]?.payment);
      }),
    );
    expect(new Set(payments).size).toBe(1);
    const invoice = await one<Record<string, string>>(
      "select paid_cents::text, status from public.invoices where id = $1",
      [id],
    );
    expect(invoice).toEqual({ paid_cents: "116000", status: "paid" });
  });

  it("never spends the same shilling twice when two allocations race", async () => {
    // A's payment has KES 1,000 left; two admins apply KES 800 of it at once.
    const id = await draftInvoice(500_000);
    await issue(id);
    const [first, second] = [await connection(), await connection()];
    const attempt = async (client: pg.Client) => {
      await client.query("begin");
      try {
        await client.query(
          "insert into public.payment_allocations (payment_id, invoice_id, amount_cents) values ($1, $2, 80000)",
          [PAYMENT_A, id],
        );
        await client.query("select pg_sleep(0.05)");
        await client.query("commit");
        return "applied";
      } catch (error) {
        await client.query("rollback");
        return (error as Error).message;
      }
    };
    const outcomes = await Promise.all([attempt(first as pg.Client), attempt(second as pg.Client)]);
    expect(outcomes.sort()).toEqual(["More than what is left of the payment", "applied"]);
    const payment = await one<Record<string, string>>(
      "select amount_cents::text, allocated_cents::text from public.payments where id = $1",
      [PAYMENT_A],
    );
    expect(payment).toEqual({ amount_cents: "200000", allocated_cents: "180000" });
  });

  it("matches a Paybill payment by the account typed, keeps the unknown and the surplus for the agency", async () => {
    const id = await draftInvoice(100_000);
    const number = await issue(id);
    // As the webhook's handler records a confirmation (the service role; here the owner).
    const record = (trans: string, cents: number, account: string) =>
      one<{ id: number }>(
        "select public.record_paybill_payment($1, $2, $3, '2547 ***** 126', now()) as id",
        [trans, cents, account],
      );
    // Typed loosely (lower case, spaces), for more than the balance; then an unknown account.
    const loose = number.toLowerCase().replaceAll("-", " ");
    const paid = await record("TKM61ZDR4F", 150_000, loose);
    const unknown = await record("TKN71ZDR4F", 5_000, "INV-404");
    // Repeated confirmation: the same payment.
    expect((await record("TKM61ZDR4F", 150_000, loose)).id).toBe(paid.id);
    for (const payment of [paid, unknown]) {
      await db().query("select public.verify_paybill_payment($1, $2)", [
        payment.id,
        payment === paid ? 150_000 : 5_000,
      ]);
    }
    const { rows } = await db().query(
      "select id, organisation_id, allocated_cents::text, amount_cents::text from public.payments where id = any($1) order by id",
      [[paid.id, unknown.id]],
    );
    expect(rows).toEqual([
      { id: paid.id, organisation_id: ORG_A, allocated_cents: "116000", amount_cents: "150000" },
      { id: unknown.id, organisation_id: null, allocated_cents: "0", amount_cents: "5000" },
    ]);
    const invoice = await one<{ status: string }>(
      "select status from public.invoices where id = $1",
      [id],
    );
    expect(invoice.status).toBe("paid");
  });
});

describe("prompts to a phone", () => {
  it("are three in ten minutes whoever asks, even five at the same instant; one open per invoice", async () => {
    const invoices = await Promise.all(Array.from({ length: 5 }, () => draftInvoice(100_000)));
    for (const id of invoices) await issue(id);
    const connections = await Promise.all(invoices.map(() => connection()));
    const outcomes = await Promise.all(
      invoices.map(async (id, index) => {
        const client = connections[index] as pg.Client;
        await client.query("begin");
        try {
          await client.query(as("authenticated", CLIENT_OWNER_ID));
          await client.query("select public.start_mpesa_push($1, '254711000111', 100000)", [id]);
          await client.query("commit");
          return "started";
        } catch (error) {
          await client.query("rollback");
          return (error as { hint?: string }).hint;
        }
      }),
    );
    expect(outcomes.filter((o) => o === "started")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "phone_limit")).toHaveLength(2);
    const waiting = invoices[outcomes.indexOf("started")];
    const second = `select public.start_mpesa_push(${waiting}, '254722000222', 100000)`;
    expect(await refusal(db(), as("authenticated", CLIENT_OWNER_ID), second)).toBe(
      "A prompt for this invoice is already waiting (pending)",
    );
    // Another client's invoice does not exist for A's owner.
    const theirs = INVOICE_B;
    expect(
      await refusal(
        db(),
        as("authenticated", CLIENT_OWNER_ID),
        `select public.start_mpesa_push(${theirs}, '254733000333', 100000)`,
      ),
    ).toBe("There is no such invoice");
  });
});

/**
 * What the row-level-security matrix (rls-matrix.ts) must answer for the money tables
 * (supabase/migrations/20261220000001_billing.sql, 20261220000002_payments.sql), caller by
 * caller: select (rows seen), insert (the first row tried again), update and delete (rows
 * affected). The fixture (rls-money-fixture.ts) gives A and B each a sent quote, an issued and a
 * draft invoice, a payment partly applied and a push; A a draft quote; nobody an unmatched
 * Paybill payment. A's client sees A's sent quote, issued invoice, payment, allocation and push,
 * never a draft, never B's, never the unmatched payment; nobody but the site writes the ledger
 * or a push, and nobody at all changes an issued document, a payment or an allocation.
 */
const denied = (table: string) => `42501 permission denied for table ${table}`;
const refused = (table: string) =>
  `42501 new row violates row-level security policy for table "${table}"`;
const draftOnly = "42501 Only a draft's lines change";
const neverDeleted = "42501 An issued invoice is never deleted";

/** [select, insert, update, delete] */
type Outcomes = readonly [string, string, string, string];

const TABLES = [
  "billing_settings",
  "document_counters",
  "quotes",
  "quote_lines",
  "invoices",
  "invoice_lines",
  "payments",
  "payment_allocations",
  "mpesa_pushes",
  "paybill_status_queries",
  "billing_mails",
  "invoice_reminders",
] as const;
type Table = (typeof TABLES)[number];

const noGrant = (table: string): Outcomes => [
  denied(table),
  denied(table),
  denied(table),
  denied(table),
];
/** Grants that exist, rows that are not theirs: nothing seen, nothing changed, nothing added. */
const unseen = (table: string): Outcomes => ["0 rows", refused(table), "ok 0", "ok 0"];
/** Seen, never written: the tables written only by the site (or only ever added to). */
const readOnly = (table: string, rows: number, insert = denied(table)): Outcomes => [
  `${rows} rows`,
  insert,
  denied(table),
  denied(table),
];

/** Signed in with no part in a client (and A's client for what is only the agency's). */
function outsider(table: Table): Outcomes {
  switch (table) {
    case "billing_settings":
      return ["0 rows", denied(table), "ok 0", denied(table)];
    case "document_counters":
    case "paybill_status_queries":
    case "billing_mails":
    case "invoice_reminders":
      return noGrant(table);
    case "payments":
      return ["0 rows", refused(table), "ok 0", denied(table)];
    case "payment_allocations":
      return readOnly(table, 0, refused(table));
    case "mpesa_pushes":
      return readOnly(table, 0);
    default:
      return unseen(table);
  }
}

/** A's owner or member: A's sent quote and issued invoice, its payment, allocation and push. */
const client: Record<Table, Outcomes> = {
  billing_settings: outsider("billing_settings"),
  document_counters: noGrant("document_counters"),
  quotes: ["1 rows", refused("quotes"), "ok 0", "ok 0"],
  quote_lines: ["1 rows", refused("quote_lines"), "ok 0", "ok 0"],
  invoices: ["1 rows", refused("invoices"), "ok 0", "ok 0"],
  invoice_lines: ["1 rows", refused("invoice_lines"), "ok 0", "ok 0"],
  payments: ["1 rows", refused("payments"), "ok 0", denied("payments")],
  payment_allocations: readOnly("payment_allocations", 1, refused("payment_allocations")),
  mpesa_pushes: readOnly("mpesa_pushes", 1),
  paybill_status_queries: noGrant("paybill_status_queries"),
  billing_mails: noGrant("billing_mails"),
  invoice_reminders: noGrant("invoice_reminders"),
};

/** The agency's whole view: every client's documents and the ledger as it stands. */
const agency = (allocation: string): Record<Table, Outcomes> => ({
  billing_settings: ["1 rows", denied("billing_settings"), "ok 1", denied("billing_settings")],
  document_counters: noGrant("document_counters"),
  // Staff never delete a quote; admins may (a sent quote is not a tax document).
  quotes: ["3 rows", "ok 1", "ok 3", "ok 3"],
  // The first line is a sent quote's: frozen for everyone.
  quote_lines: ["3 rows", draftOnly, draftOnly, draftOnly],
  invoices: ["4 rows", "ok 1", "ok 4", neverDeleted],
  invoice_lines: ["4 rows", draftOnly, draftOnly, draftOnly],
  // Admins add cash and bank payments and notes; nobody removes one.
  payments: ["3 rows", "ok 1", "ok 3", denied("payments")],
  payment_allocations: readOnly("payment_allocations", 2, allocation),
  mpesa_pushes: readOnly("mpesa_pushes", 2),
  paybill_status_queries: noGrant("paybill_status_queries"),
  billing_mails: noGrant("billing_mails"),
  invoice_reminders: noGrant("invoice_reminders"),
});

const EXPECTED: Record<string, Record<Table, Outcomes>> = {
  anon: Object.fromEntries(TABLES.map((t) => [t, noGrant(t)])) as Record<Table, Outcomes>,
  owner: Object.fromEntries(TABLES.map((t) => [t, outsider(t)])) as Record<Table, Outcomes>,
  admin: agency("ok 1"),
  // Staff of A: A's documents (drafts too), read the ledger, apply nothing by hand.
  staff: {
    billing_settings: ["1 rows", denied("billing_settings"), "ok 0", denied("billing_settings")],
    document_counters: noGrant("document_counters"),
    quotes: ["2 rows", "ok 1", "ok 2", "ok 0"],
    quote_lines: ["2 rows", draftOnly, draftOnly, "ok 0"],
    invoices: ["2 rows", "ok 1", "ok 2", "ok 0"],
    invoice_lines: ["2 rows", draftOnly, draftOnly, "ok 0"],
    payments: ["1 rows", refused("payments"), "ok 0", denied("payments")],
    payment_allocations: readOnly("payment_allocations", 1, refused("payment_allocations")),
    mpesa_pushes: readOnly("mpesa_pushes", 1),
    paybill_status_queries: noGrant("paybill_status_queries"),
    billing_mails: noGrant("billing_mails"),
    invoice_reminders: noGrant("invoice_reminders"),
  },
  client_owner: client,
  client_member: client,
  service_role: {
    billing_settings: ["1 rows", "ok 1", "ok 1", "ok 1"],
    document_counters: ["2 rows", "ok 1", "ok 2", "ok 2"],
    quotes: ["3 rows", "ok 1", "ok 3", "ok 3"],
    quote_lines: ["3 rows", draftOnly, draftOnly, draftOnly],
    invoices: ["4 rows", "ok 1", "ok 4", neverDeleted],
    invoice_lines: ["4 rows", draftOnly, draftOnly, draftOnly],
    // Not even the service role removes a payment or touches an allocation.
    payments: ["3 rows", "ok 1", "ok 3", "42501 A payment is never removed"],
    payment_allocations: [
      "2 rows",
      "ok 1",
      "42501 An allocation is never changed",
      "42501 An allocation is never changed",
    ],
    mpesa_pushes: ["2 rows", "ok 1", "ok 2", "ok 2"],
    // The queries the site asked Transaction Status (20261220300001): the site's own.
    paybill_status_queries: ["1 rows", "ok 1", "ok 1", "ok 1"],
    // The mails of documents and the reminders given: the outbox's and the jobs' only.
    billing_mails: ["1 rows", "ok 1", "ok 1", "ok 1"],
    invoice_reminders: ["1 rows", "ok 1", "ok 1", "ok 1"],
  },
};
EXPECTED.other = EXPECTED.owner as Record<Table, Outcomes>;

const OPERATIONS = ["select", "insert", "update", "delete"] as const;

/** The matrix keys of the money tables → the outcome each must have. */
export function expectedMoneyOutcomes(): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [caller, tables] of Object.entries(EXPECTED)) {
    for (const table of TABLES) {
      OPERATIONS.forEach((operation, index) => {
        result[`${caller} public.${table} ${operation}`] = tables[table][index] as string;
      });
    }
  }
  return result;
}

/**
 * The permission table is written twice — as rows the policies read through public.can()
 * (supabase/migrations/20261208000001_roles.sql) and as data the interface reads
 * (app/domain/access/permissions.ts) — and this test proves that both say the same: the rows
 * themselves, and every question role × action × entity × own/any asked through row-level
 * security as a user of that role, on PGlite and on PostgreSQL 17. `own` is asked of the
 * callers' organisation A, `any` of organisation B, which none of them belongs to
 * (test/support/rls-fixture.ts).
 */
import { loadRoleSettings, type RequestRole } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS,
  ACTIONS,
  type Access,
  type Action,
  ANONYMOUS,
  canIn,
  ENTITIES,
  type Entity,
  inOrganisation,
  PERMISSIONS,
  ROLES,
  type Role,
  roleCan,
  type Viewer,
} from "~/domain/access/permissions";
import { type BothServers, bothWithFixture } from "../support/both-servers.ts";
import {
  CALLERS,
  DELIVERABLE_A,
  DELIVERABLE_B,
  ORG_A,
  ORG_B,
  OTHER_ID,
  PROJECT_A,
  PROJECT_B,
  STAFF_B_ID,
  STAFF_ID,
  VERSION_A,
  VERSION_B,
} from "../support/rls-fixture.ts";
import { attempt } from "../support/rls-matrix.ts";
import { INVOICE_A, INVOICE_B, PAYMENT_A, PAYMENT_B } from "../support/rls-money-fixture.ts";
import type { SqlSession } from "../support/sql-session.ts";

/** A user of each role: the matrix's callers ("other" belongs to nothing). */
const USER_OF: Record<Role, RequestRole> = {
  anonymous: CALLERS.anon as RequestRole,
  authenticated: CALLERS.other as RequestRole,
  admin: CALLERS.admin as RequestRole,
  staff: CALLERS.staff as RequestRole,
  owner: CALLERS.client_owner as RequestRole,
  member: CALLERS.client_member as RequestRole,
};

/** The same users as the app's viewer sees them (loadViewer's answer for each). */
const signedIn = { ...ANONYMOUS, signedIn: true };
const member = (role: "owner" | "member"): Viewer => ({
  ...signedIn,
  memberships: [{ organisationId: ORG_A, name: "Acme", role }],
});
const VIEWER_OF: Record<Role, Viewer> = {
  anonymous: ANONYMOUS,
  authenticated: signedIn,
  admin: { ...signedIn, agencyRole: "admin" },
  staff: { ...signedIn, agencyRole: "staff", assignments: [ORG_A] },
  owner: member("owner"),
  member: member("member"),
};

/**
 * Each entity's table (in `public` unless it names its schema), what names a row's organisation,
 * and a column to rewrite.
 */
const TABLE_OF: Record<Entity, { table: string; scope: string; column: string }> = {
  organisation: { table: "organisations", scope: "id", column: "name" },
  organisation_note: { table: "organisation_notes", scope: "organisation_id", column: "body" },
  organisation_member: { table: "organisation_members", scope: "organisation_id", column: "role" },
  staff_assignment: {
    table: "staff_assignments",
    scope: "organisation_id",
    column: "assigned_at",
  },
  organisation_invitation: {
    table: "organisation_invitations",
    scope: "organisation_id",
    column: "role",
  },
  // A private file's organisation is its key's first folder.
  organisation_file: {
    table: "storage.objects",
    scope: "public.file_organisation(name)",
    column: "metadata",
  },
  project: { table: "projects", scope: "organisation_id", column: "title" },
  project_milestone: { table: "project_milestones", scope: "organisation_id", column: "title" },
  project_update: { table: "project_updates", scope: "organisation_id", column: "body" },
  project_note: { table: "project_notes", scope: "organisation_id", column: "body" },
  project_deliverable: { table: "project_deliverables", scope: "organisation_id", column: "title" },
  deliverable_version: { table: "deliverable_versions", scope: "organisation_id", column: "note" },
  deliverable_decision: {
    table: "deliverable_decisions",
    scope: "organisation_id",
    column: "reason",
  },
  project_message: { table: "project_messages", scope: "organisation_id", column: "body" },
  // Agency roles belong to no organisation: the row asked about is a colleague's.
  agency_role: { table: "agency_roles", scope: "user_id", column: "role" },
  // The billing settings belong to none: their one row.
  billing_setting: { table: "billing_settings", scope: "id", column: "vat_rate_bp" },
  quote: { table: "quotes", scope: "organisation_id", column: "title" },
  invoice: { table: "invoices", scope: "organisation_id", column: "title" },
  payment: { table: "payments", scope: "organisation_id", column: "note" },
  payment_allocation: {
    table: "payment_allocations",
    scope: "organisation_id",
    column: "amount_cents",
  },
  mpesa_push: { table: "mpesa_pushes", scope: "organisation_id", column: "status" },
  project_file: { table: "project_files", scope: "organisation_id", column: "file_name" },
};

const projectOf = (organisation: string) => (organisation === ORG_A ? PROJECT_A : PROJECT_B);
const invoiceOf = (organisation: string) => (organisation === ORG_A ? INVOICE_A : INVOICE_B);
const paymentOf = (organisation: string) => (organisation === ORG_A ? PAYMENT_A : PAYMENT_B);
const deliverableOf = (organisation: string) =>
  organisation === ORG_A ? DELIVERABLE_A : DELIVERABLE_B;
/** The organisation's version waiting for a decision (the latest of its deliverable). */
const versionOf = (organisation: string) => (organisation === ORG_A ? VERSION_A : VERSION_B);

/** A new row of the entity in `organisation` (for agency roles and organisations: anywhere). */
function insertion(entity: Entity, organisation: string): string {
  switch (entity) {
    case "organisation":
      return "insert into public.organisations (name) values ('New client')";
    case "organisation_note":
      return `insert into public.organisation_notes (organisation_id, body) values ('${organisation}', 'A note')`;
    case "organisation_member":
      return `insert into public.organisation_members (organisation_id, user_id) values ('${organisation}', '${OTHER_ID}')`;
    case "staff_assignment": {
      // A staff member not yet assigned there.
      const staff = organisation === ORG_A ? STAFF_B_ID : STAFF_ID;
      return `insert into public.staff_assignments (organisation_id, user_id) values ('${organisation}', '${staff}')`;
    }
    case "organisation_invitation":
      return `insert into public.organisation_invitations (organisation_id, email) values ('${organisation}', 'new-colleague@example.com')`;
    case "organisation_file":
      return `insert into storage.objects (bucket_id, name) values ('client-files', '${organisation}/new-file.pdf')`;
    case "project":
      return `insert into public.projects (organisation_id, title) values ('${organisation}', 'New website')`;
    case "project_milestone":
      return `insert into public.project_milestones (project_id, title) values (${projectOf(organisation)}, 'Launch')`;
    case "project_update":
    case "project_note":
      return `insert into public.${TABLE_OF[entity].table} (project_id, body) values (${projectOf(organisation)}, 'Designs are ready')`;
    case "project_deliverable":
      return `insert into public.project_deliverables (project_id, title) values (${projectOf(organisation)}, 'Logo')`;
    case "deliverable_version":
      return `insert into public.deliverable_versions (deliverable_id, file_path, file_name, file_size) values (${deliverableOf(organisation)}, '${organisation}/deliverables/new.pdf', 'new.pdf', 1)`;
    case "deliverable_decision":
      return `insert into public.deliverable_decisions (version_id, decision) values (${versionOf(organisation)}, 'approved')`;
    case "project_message":
      return `insert into public.project_messages (project_id, body) values (${projectOf(organisation)}, 'When is the launch?')`;
    case "agency_role":
      return `insert into public.agency_roles (user_id, role) values ('${OTHER_ID}', 'staff')`;
    case "billing_setting":
      return "insert into public.billing_settings default values";
    case "quote":
      return `insert into public.quotes (organisation_id, title, valid_until) values ('${organisation}', 'Hosting', current_date + 30)`;
    case "invoice":
      return `insert into public.invoices (organisation_id, title) values ('${organisation}', 'Hosting')`;
    case "payment":
      return `insert into public.payments (organisation_id, method, amount_cents) values ('${organisation}', 'cash', 100000)`;
    case "payment_allocation":
      // KES 1 of what is left of the organisation's payment, to its open invoice.
      return `insert into public.payment_allocations (payment_id, invoice_id, amount_cents) values (${paymentOf(organisation)}, ${invoiceOf(organisation)}, 100)`;
    case "project_file":
      // The object it names is stored first (before()).
      return `insert into public.project_files (project_id, file_path, file_name) values (${projectOf(organisation)}, '${organisation}/projects/new.pdf', 'new.pdf')`;
    case "mpesa_push":
      return `insert into public.mpesa_pushes (invoice_id, organisation_id, phone, amount_cents, account_reference) values (${invoiceOf(organisation)}, '${organisation}', '254708374149', 100, 'JD20260001')`;
  }
}

const qualified = (table: string) => (table.includes(".") ? table : `public.${table}`);

function statement(entity: Entity, action: Action, organisation: string): string {
  const { scope, column } = TABLE_OF[entity];
  const table = qualified(TABLE_OF[entity].table);
  const where =
    entity === "billing_setting"
      ? scope
      : `${scope} = '${entity === "agency_role" ? STAFF_B_ID : organisation}'`;
  switch (action) {
    case "read":
      return `select count(*)::int as n from ${table} where ${where}`;
    case "create":
      return insertion(entity, organisation);
    case "update":
      return `update ${table} set ${column} = ${column} where ${where}`;
    case "delete":
      // Members: the ordinary ones (the last owner stays: 20261209000001_organisation_owner.sql);
      // invoices: the drafts (an issued one is never deleted: 20261220000001_billing.sql).
      return `delete from ${table} where ${where}${DELETABLE[entity] ?? ""}`;
  }
}

/** What a delete may remove of these tables at all. */
const DELETABLE: Partial<Record<Entity, string>> = {
  organisation_member: " and role = 'member'",
  invoice: " and status = 'draft'",
};

/**
 * What the migration owner adds before a question, rolled back with it: the object a new
 * project file names, and a member in the asked
 * organisation to remove (B has only its owner, who must stay).
 */
function before(q: Question): string {
  const organisation = q.access === "own" ? ORG_A : ORG_B;
  if (q.entity === "project_file" && q.action === "create") {
    return `insert into storage.objects (bucket_id, name, metadata) values
            ('client-files', '${organisation}/projects/new.pdf', '{"size": 1}');`;
  }
  if (q.entity !== "organisation_member" || q.action !== "delete") return "";
  return `insert into public.organisation_members (organisation_id, user_id, role)
          values ('${organisation}', '${OTHER_ID}', 'member');`;
}

interface Question {
  role: Role;
  action: Action;
  entity: Entity;
  access: Access;
}

/** Every question the table can be asked (`own` only where it means an organisation). */
const QUESTIONS: Question[] = ROLES.flatMap((role) =>
  ENTITIES.flatMap((entity) =>
    ACTIONS.flatMap((action) =>
      ACCESS.filter((access) => access === "any" || inOrganisation(entity, action)).map(
        (access) => ({ role, action, entity, access }),
      ),
    ),
  ),
);

const key = (q: Question) => `${q.role} ${q.action} ${q.entity} ${q.access}`;

/**
 * The database's answer, through RLS as a user of the role: a row seen or changed, or an
 * insert let through, is yes; a refusal by RLS or a missing grant (42501), or nothing seen or
 * changed, is no; any other error fails the test.
 */
async function askSql(session: SqlSession, q: Question): Promise<boolean> {
  const organisation = q.access === "own" ? ORG_A : ORG_B;
  const sql = statement(q.entity, q.action, organisation);
  const who = USER_OF[q.role];
  const answer = await attempt(session, who, `/${TABLE_OF[q.entity].table}`, false, sql, before(q));
  if (!answer.ok) {
    if (answer.error.startsWith("42501 ")) return false;
    // A client with invoices stays for the books (invoices reference it, on delete restrict):
    // the foreign key is checked only for a row the policy let go, so the answer is yes.
    if (q.action === "delete" && /^(23503|23001) /.test(answer.error)) return true;
    throw new Error(`${key(q)}: ${answer.error}`);
  }
  if (q.action === "read") return Number(answer.result.rows[0]?.n) > 0;
  return answer.result.affected > 0;
}

async function askAll(session: SqlSession): Promise<Record<string, boolean>> {
  const withSettings = { ...session, roleSettings: await loadRoleSettings(session) };
  const answers: Record<string, boolean> = {};
  for (const q of QUESTIONS) answers[key(q)] = await askSql(withSettings, q);
  return answers;
}

let servers: BothServers | undefined;
const answers: Record<string, Record<string, boolean>> = {};

beforeAll(async () => {
  servers = await bothWithFixture();
  for (const [name, session] of Object.entries(servers.sessions))
    answers[name] = await askAll(session);
}, 120_000);

afterAll(async () => {
  await servers?.close();
});

const expected = Object.fromEntries(
  QUESTIONS.map((q) => [key(q), roleCan(q.role, q.action, q.entity, q.access)]),
);

describe("the permission table, in SQL and in TypeScript", () => {
  it("asks every row, and every question beside the rows", () => {
    for (const row of PERMISSIONS) expect(QUESTIONS.map(key)).toContain(key(row));
    // Each role × entity × action once with `any`, and again with `own` where it means an organisation (75 of the 84).
    expect(QUESTIONS.length).toBe(ROLES.length * 167);
    expect(Object.values(expected).filter(Boolean).length).toBeGreaterThan(PERMISSIONS.length);
  });

  for (const name of ["PostgreSQL 17", "PGlite"] as const) {
    it(`${name}: holds exactly the TypeScript rows`, async () => {
      const { rows } = await (servers as BothServers).sessions[name].query<Record<string, string>>(
        "select role, action, entity, access from public.permissions",
      );
      const inSql = rows.map((row) => `${row.role} ${row.action} ${row.entity} ${row.access}`);
      expect(inSql.sort()).toEqual(PERMISSIONS.map(key).sort());
    });

    it(`${name}: answers every question through RLS as the TypeScript table does`, () => {
      expect(answers[name]).toEqual(expected);
    });

    it(`${name}: answers as canIn() does for the viewer the app loads`, () => {
      const byViewer = Object.fromEntries(
        QUESTIONS.map((q) => {
          const organisation = q.access === "own" ? ORG_A : ORG_B;
          return [key(q), canIn(VIEWER_OF[q.role], q.action, q.entity, organisation)];
        }),
      );
      expect(answers[name]).toEqual(byViewer);
    });
  }
});

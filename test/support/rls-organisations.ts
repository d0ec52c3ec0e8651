/**
 * What the row-level-security matrix (rls-matrix.ts) must answer for the tables of roles and
 * memberships (supabase/migrations/20261208000001_roles.sql), written down caller by caller:
 * select (rows seen), insert (the first row tried again), update and delete (rows affected).
 * The fixture (rls-fixture.ts) holds organisations A and B, each with members, a note and a
 * staff assignment; staff and the client callers belong to A only, so any count that included
 * B's rows would show here.
 */
import { PERMISSIONS } from "~/domain/access/permissions";

const denied = (table: string) => `42501 permission denied for table ${table}`;
const refused = (table: string) =>
  `42501 new row violates row-level security policy for table "${table}"`;

/** A decision is made, never changed or removed, by anyone but through its project. */
const decisionLocked = denied("deliverable_decisions");
/** The fixture's first decision is on a version already decided (v1 of A's logo). */
const notWaiting = "23514 This version is not waiting for a decision";

/** [select, insert, update, delete] */
type Outcomes = readonly [string, string, string, string];

const nothing = (table: string): Outcomes => ["0 rows", refused(table), "ok 0", "ok 0"];
/** A message is a trace: nobody edits one (20261218000001_project_messages.sql). */
const messages = (rows: number, deletes: string): Outcomes => [
  `${rows} rows`,
  "ok 1",
  denied("project_messages"),
  deletes,
];
/** When a person last read a thread: their own row, written by mark_messages_read() only. */
const reads = (rows: number): Outcomes => [
  `${rows} rows`,
  denied("project_message_reads"),
  denied("project_message_reads"),
  denied("project_message_reads"),
];
/**
 * A client with invoices stays for the books (20261220000001_billing.sql: on delete restrict),
 * in PostgreSQL 17's words (real-postgres.test.ts rewrites PGlite's 18 ones to them).
 */
const keptForBooks =
  '23503 update or delete on table "organisations" violates foreign key constraint "invoices_organisation_id_fkey" on table "invoices"';
/** Deleting every member of an organisation would leave it without an owner (20261209000001). */
const lastOwner = "23514 An organisation keeps at least one owner";
const noGrant = (table: string): Outcomes => [
  denied(table),
  denied(table),
  denied(table),
  denied(table),
];
/** A project's files: nobody changes one (no column may be updated). */
const files = (rows: number, inserts: string, deletes: string): Outcomes => [
  `${rows} rows`,
  inserts,
  denied("project_files"),
  deletes,
];
/**
 * The thread's notices and mails: the service role's (the job) only; so are the places of
 * resumable uploads, which callers take and give back through functions only.
 */
const jobOnly = {
  project_message_notices: noGrant("project_message_notices"),
  project_message_mails: noGrant("project_message_mails"),
  deliverable_decision_mails: noGrant("deliverable_decision_mails"),
  resumable_uploads: noGrant("resumable_uploads"),
};

const TABLES = [
  "agency_roles",
  "organisations",
  "organisation_notes",
  "organisation_members",
  "staff_assignments",
  "organisation_invitations",
  "projects",
  "project_milestones",
  "project_updates",
  "project_notes",
  "project_deliverables",
  "deliverable_versions",
  "deliverable_decisions",
  "deliverable_reminders",
  "deliverable_decision_mails",
  "project_messages",
  "project_message_reads",
  "project_message_notices",
  "project_message_mails",
  "project_files",
  "resumable_uploads",
  "permissions",
] as const;
type Table = (typeof TABLES)[number];

function client({ removesMembers }: { removesMembers: boolean }): Record<Table, Outcomes> {
  return {
    agency_roles: nothing("agency_roles"),
    organisations: ["1 rows", refused("organisations"), "ok 0", "ok 0"],
    organisation_notes: nothing("organisation_notes"),
    organisation_members: [
      "2 rows",
      refused("organisation_members"),
      "ok 0",
      removesMembers ? lastOwner : "ok 0",
    ],
    staff_assignments: nothing("staff_assignments"),
    // Owners invite colleagues and withdraw invitations; members see none.
    organisation_invitations: removesMembers
      ? ["1 rows", "ok 1", "ok 0", "ok 1"]
      : nothing("organisation_invitations"),
    // The client follows its projects; only the agency changes them.
    projects: ["1 rows", refused("projects"), "ok 0", "ok 0"],
    project_milestones: ["1 rows", refused("project_milestones"), "ok 0", "ok 0"],
    project_updates: ["1 rows", refused("project_updates"), "ok 0", "ok 0"],
    // The agency's internal notes: never a client's, not even a count.
    project_notes: nothing("project_notes"),
    project_deliverables: ["2 rows", refused("project_deliverables"), "ok 0", "ok 0"],
    // A's two versions of its logo; never the draft of its home page, never B's.
    deliverable_versions: ["2 rows", refused("deliverable_versions"), "ok 0", "ok 0"],
    // The client's people decide, on a version waiting for it only.
    deliverable_decisions: ["1 rows", notWaiting, decisionLocked, decisionLocked],
    deliverable_reminders: noGrant("deliverable_reminders"),
    // The client's people read and write A's thread; nobody of the client removes a message.
    project_messages: messages(1, "ok 0"),
    project_message_reads: reads(removesMembers ? 1 : 0),
    // A's files, both sides'; sent by its owners and members, removed by nobody of the client.
    project_files: files(2, "ok 1", "ok 0"),
    ...jobOnly,
    permissions: noGrant("permissions"),
  };
}

/** Signed in with no part in a client: no decision reaches them or is theirs to make. */
function outsider(table: Table): Outcomes {
  if (table === "permissions" || table === "deliverable_reminders" || table in jobOnly) {
    return noGrant(table);
  }
  if (table === "deliverable_decisions") {
    return ["0 rows", refused(table), decisionLocked, decisionLocked];
  }
  if (table === "project_messages") return ["0 rows", refused(table), denied(table), "ok 0"];
  if (table === "project_message_reads") return reads(0);
  if (table === "project_files") return files(0, refused(table), "ok 0");
  return nothing(table);
}

/** Each caller's outcomes per table (A has 2 members, B 1; one note, invitation, project, milestone, update, project note and assignment each). */
const EXPECTED: Record<string, Record<Table, Outcomes>> = {
  anon: Object.fromEntries(TABLES.map((table) => [table, noGrant(table)])) as Record<
    Table,
    Outcomes
  >,
  // Signed in, but neither agency nor client: nothing.
  owner: Object.fromEntries(TABLES.map((table) => [table, outsider(table)])) as Record<
    Table,
    Outcomes
  >,
  admin: {
    agency_roles: ["2 rows", "ok 1", "ok 2", "ok 2"],
    organisations: ["2 rows", "ok 1", "ok 2", keptForBooks],
    organisation_notes: ["2 rows", "ok 1", "ok 2", "ok 2"],
    organisation_members: ["3 rows", "ok 1", "ok 3", lastOwner],
    staff_assignments: ["2 rows", "ok 1", "ok 2", "ok 2"],
    organisation_invitations: ["2 rows", "ok 1", "ok 2", "ok 2"],
    projects: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_milestones: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_updates: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_notes: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_deliverables: ["3 rows", "ok 1", "ok 3", "ok 3"],
    deliverable_versions: ["5 rows", "ok 1", "ok 5", "ok 5"],
    // Admins read every decision; making one is the client's.
    deliverable_decisions: [
      "2 rows",
      refused("deliverable_decisions"),
      decisionLocked,
      decisionLocked,
    ],
    deliverable_reminders: noGrant("deliverable_reminders"),
    // Admins read and write every thread and are the only ones to remove a message.
    project_messages: messages(2, "ok 2"),
    project_message_reads: reads(0),
    // Every client's files; only admins remove one.
    project_files: files(3, "ok 1", "ok 3"),
    ...jobOnly,
    permissions: noGrant("permissions"),
  },
  // A's organisation, members, notes (read, write, not delete) and its own assignment; never B's,
  // never the agency roles.
  staff: {
    agency_roles: nothing("agency_roles"),
    organisations: ["1 rows", refused("organisations"), "ok 0", "ok 0"],
    organisation_notes: ["1 rows", "ok 1", "ok 1", "ok 0"],
    organisation_members: ["2 rows", refused("organisation_members"), "ok 0", "ok 0"],
    staff_assignments: ["1 rows", refused("staff_assignments"), "ok 0", "ok 0"],
    organisation_invitations: ["1 rows", "ok 1", "ok 0", "ok 1"],
    // A's project: read, added, changed, never deleted; its milestones entirely.
    projects: ["1 rows", "ok 1", "ok 1", "ok 0"],
    project_milestones: ["1 rows", "ok 1", "ok 1", "ok 1"],
    project_updates: ["1 rows", "ok 1", "ok 1", "ok 1"],
    project_notes: ["1 rows", "ok 1", "ok 1", "ok 0"],
    // A's deliverables and versions (the draft too): added and changed, never removed.
    project_deliverables: ["2 rows", "ok 1", "ok 2", "ok 0"],
    deliverable_versions: ["3 rows", "ok 1", "ok 3", "ok 0"],
    deliverable_decisions: [
      "1 rows",
      refused("deliverable_decisions"),
      decisionLocked,
      decisionLocked,
    ],
    deliverable_reminders: noGrant("deliverable_reminders"),
    project_messages: messages(1, "ok 0"),
    project_message_reads: reads(0),
    project_files: files(2, "ok 1", "ok 0"),
    ...jobOnly,
    permissions: noGrant("permissions"),
  },
  // A and its members; the owner may remove A's members, but not all of them at once: that would
  // leave A without an owner (adding one goes through an invitation);
  // no notes, no assignments.
  client_owner: client({ removesMembers: true }),
  client_member: client({ removesMembers: false }),
  service_role: {
    agency_roles: ["2 rows", "ok 1", "ok 2", "ok 2"],
    organisations: ["2 rows", "ok 1", "ok 2", keptForBooks],
    organisation_notes: ["2 rows", "ok 1", "ok 2", "ok 2"],
    organisation_members: ["3 rows", "ok 1", "ok 3", lastOwner],
    staff_assignments: ["2 rows", "ok 1", "ok 2", "ok 2"],
    organisation_invitations: ["2 rows", "ok 1", "ok 2", "ok 2"],
    projects: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_milestones: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_updates: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_notes: ["2 rows", "ok 1", "ok 2", "ok 2"],
    project_deliverables: ["3 rows", "ok 1", "ok 3", "ok 3"],
    deliverable_versions: ["5 rows", "ok 1", "ok 5", "ok 5"],
    // Not even the service role rewrites a decision; it goes with its version.
    deliverable_decisions: ["2 rows", notWaiting, "42501 A decision is never changed", "ok 2"],
    deliverable_reminders: ["1 rows", "ok 1", "ok 1", "ok 1"],
    deliverable_decision_mails: ["1 rows", "ok 1", "ok 1", "ok 1"],
    // Not even the service role edits a message.
    project_messages: ["2 rows", "ok 1", "42501 A message is never changed", "ok 2"],
    project_message_reads: ["2 rows", "ok 1", "ok 2", "ok 2"],
    // A client's message is owed to A's staff and the admin, B's to B's staff and the admin.
    project_message_notices: ["4 rows", "ok 1", "ok 4", "ok 4"],
    project_message_mails: ["1 rows", "ok 1", "ok 1", "ok 1"],
    project_files: ["3 rows", "ok 1", "ok 3", "ok 3"],
    resumable_uploads: ["1 rows", "ok 1", "ok 1", "ok 1"],
    // The whole table, read-only: the permission rows change only with a migration.
    permissions: [
      `${PERMISSIONS.length} rows`,
      denied("permissions"),
      denied("permissions"),
      denied("permissions"),
    ],
  },
};
EXPECTED.other = EXPECTED.owner as Record<Table, Outcomes>;

/**
 * storage.objects: the `media` bucket's image (anyone reads it, admins write it; the first row,
 * which the matrix's insert tries again) and a private file of A and of B in `client-files`
 * (20261211000001_client_files.sql): each caller sees the image and their own organisation's
 * file, never B's; owners and assigned staff may remove A's file, members may not. A also holds
 * the file of a draft version (20261216000001_deliverables.sql): the agency sees it, A's client
 * does not, and only admins may remove it (staff do not delete versions).
 */
const STORAGE: Record<string, Outcomes> = {
  anon: ["1 rows", refused("objects"), "ok 0", "ok 0"],
  owner: ["1 rows", refused("objects"), "ok 0", "ok 0"],
  other: ["1 rows", refused("objects"), "ok 0", "ok 0"],
  admin: ["4 rows", "ok 1", "ok 4", "ok 4"],
  staff: ["3 rows", refused("objects"), "ok 0", "ok 1"],
  client_owner: ["2 rows", refused("objects"), "ok 0", "ok 1"],
  client_member: ["2 rows", refused("objects"), "ok 0", "ok 0"],
  service_role: ["4 rows", "ok 1", "ok 4", "ok 4"],
};

const OPERATIONS = ["select", "insert", "update", "delete"] as const;

/** The matrix keys of these tables → the outcome each must have. */
export function expectedRoleTableOutcomes(): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [caller, tables] of Object.entries(EXPECTED)) {
    for (const table of TABLES) {
      OPERATIONS.forEach((operation, index) => {
        result[`${caller} public.${table} ${operation}`] = tables[table][index] as string;
      });
    }
  }
  for (const [caller, outcomes] of Object.entries(STORAGE)) {
    OPERATIONS.forEach((operation, index) => {
      result[`${caller} storage.objects ${operation}`] = outcomes[index] as string;
    });
  }
  return result;
}

/**
 * Who may do what: the permission table of supabase/migrations/20261208000001_roles.sql as data,
 * for what the interface shows and offers. The database decides (its policies ask public.can(),
 * which reads the same rows); test/integration/permission-table.test.ts asks both every question
 * and fails when they answer differently (docs/decisions/013-permission-model.md).
 *
 * A permission is action × entity × access for a role. `own` reaches the organisations the
 * viewer belongs to (owner, member) or is assigned to (staff); `any` reaches every organisation
 * and includes `own`.
 */

export const ROLES = ["anonymous", "authenticated", "admin", "staff", "owner", "member"] as const;
export type Role = (typeof ROLES)[number];
export const ACTIONS = ["read", "create", "update", "delete"] as const;
export type Action = (typeof ACTIONS)[number];
export const ENTITIES = [
  "organisation",
  "organisation_note",
  "organisation_member",
  "staff_assignment",
  "agency_role",
  "organisation_invitation",
  "organisation_file",
  "project",
  "project_milestone",
  "project_update",
  "project_note",
  "project_deliverable",
  "deliverable_version",
  "deliverable_decision",
  "project_message",
  "billing_setting",
  "quote",
  "invoice",
  "payment",
  "payment_allocation",
  "mpesa_push",
  "project_file",
] as const;
export type Entity = (typeof ENTITIES)[number];
export const ACCESS = ["own", "any"] as const;
export type Access = (typeof ACCESS)[number];

export interface Permission {
  role: Role;
  action: Action;
  entity: Entity;
  access: Access;
}

export type AgencyRole = "admin" | "staff";
export type MemberRole = "owner" | "member";

const ALL: Action[] = ["read", "create", "update", "delete"];

function rows(role: Role, actions: Action[], entity: Entity, access: Access): Permission[] {
  return actions.map((action) => ({ role, action, entity, access }));
}

/** The rows, in the order of the migration. */
export const PERMISSIONS: readonly Permission[] = [
  ...rows("admin", ALL, "organisation", "any"),
  ...rows("staff", ["read"], "organisation", "own"),
  ...rows("owner", ["read"], "organisation", "own"),
  ...rows("member", ["read"], "organisation", "own"),
  // The agency's internal notes: never a client's.
  ...rows("admin", ALL, "organisation_note", "any"),
  ...rows("staff", ["read", "create", "update"], "organisation_note", "own"),
  // Owners remove colleagues; people join through an invitation, not by an owner's insert.
  ...rows("admin", ALL, "organisation_member", "any"),
  ...rows("staff", ["read"], "organisation_member", "own"),
  ...rows("owner", ["read", "delete"], "organisation_member", "own"),
  ...rows("member", ["read"], "organisation_member", "own"),
  ...rows("admin", ALL, "staff_assignment", "any"),
  ...rows("staff", ["read"], "staff_assignment", "own"),
  ...rows("admin", ALL, "agency_role", "any"),
  // Invitations (20261210000001_invitations.sql): whoever may invite may see and withdraw them.
  ...rows("admin", ALL, "organisation_invitation", "any"),
  ...rows("staff", ["read", "create", "delete"], "organisation_invitation", "own"),
  ...rows("owner", ["read", "create", "delete"], "organisation_invitation", "own"),
  // Private files (20261211000001_client_files.sql): both sides send files; members cannot
  // remove them, nor staff replace them.
  ...rows("admin", ALL, "organisation_file", "any"),
  ...rows("staff", ["read", "create", "delete"], "organisation_file", "own"),
  ...rows("owner", ["read", "create", "delete"], "organisation_file", "own"),
  ...rows("member", ["read", "create"], "organisation_file", "own"),
  // Projects and milestones (20261213000001_projects.sql): the agency runs them, the client
  // follows them; staff do not delete a project.
  ...rows("admin", ALL, "project", "any"),
  ...rows("staff", ["read", "create", "update"], "project", "own"),
  ...rows("owner", ["read"], "project", "own"),
  ...rows("member", ["read"], "project", "own"),
  ...rows("admin", ALL, "project_milestone", "any"),
  ...rows("staff", ALL, "project_milestone", "own"),
  ...rows("owner", ["read"], "project_milestone", "own"),
  ...rows("member", ["read"], "project_milestone", "own"),
  // What the client is told, and what only the agency notes (20261214000001_project_updates.sql).
  ...rows("admin", ALL, "project_update", "any"),
  ...rows("staff", ALL, "project_update", "own"),
  ...rows("owner", ["read"], "project_update", "own"),
  ...rows("member", ["read"], "project_update", "own"),
  ...rows("admin", ALL, "project_note", "any"),
  ...rows("staff", ["read", "create", "update"], "project_note", "own"),
  // Deliverables and their versions (20261216000001_deliverables.sql): the agency uploads and
  // marks them ready, the client reads them (drafts excepted, by the read policy).
  ...rows("admin", ALL, "project_deliverable", "any"),
  ...rows("staff", ["read", "create", "update"], "project_deliverable", "own"),
  ...rows("owner", ["read"], "project_deliverable", "own"),
  ...rows("member", ["read"], "project_deliverable", "own"),
  ...rows("admin", ALL, "deliverable_version", "any"),
  ...rows("staff", ["read", "create", "update"], "deliverable_version", "own"),
  ...rows("owner", ["read"], "deliverable_version", "own"),
  ...rows("member", ["read"], "deliverable_version", "own"),
  // Decisions are a trace: the client's people make them, nobody changes or removes one.
  ...rows("admin", ["read"], "deliverable_decision", "any"),
  ...rows("staff", ["read"], "deliverable_decision", "own"),
  ...rows("owner", ["read", "create"], "deliverable_decision", "own"),
  ...rows("member", ["read", "create"], "deliverable_decision", "own"),
  // A project's thread (20261218000001_project_messages.sql): both sides read and write it;
  // nobody edits a message, only an admin removes one.
  ...rows("admin", ["read", "create", "delete"], "project_message", "any"),
  ...rows("staff", ["read", "create"], "project_message", "own"),
  ...rows("owner", ["read", "create"], "project_message", "own"),
  ...rows("member", ["read", "create"], "project_message", "own"),
  // Money (20261220000001_billing.sql, 20261220000002_payments.sql). The agency's billing
  // settings belong to no client; staff read them to draft quotes and invoices.
  ...rows("admin", ["read", "update"], "billing_setting", "any"),
  ...rows("staff", ["read"], "billing_setting", "any"),
  // Quotes and invoices (with their lines): the agency drafts and sends them, staff never
  // delete one; the client reads them once sent or issued (drafts excepted, by the read
  // policy) and answers a quote through decide_quote().
  ...rows("admin", ALL, "quote", "any"),
  ...rows("staff", ["read", "create", "update"], "quote", "own"),
  ...rows("owner", ["read"], "quote", "own"),
  ...rows("member", ["read"], "quote", "own"),
  ...rows("admin", ALL, "invoice", "any"),
  ...rows("staff", ["read", "create", "update"], "invoice", "own"),
  ...rows("owner", ["read"], "invoice", "own"),
  ...rows("member", ["read"], "invoice", "own"),
  // The ledger: the site records M-Pesa money, admins cash and bank; only admins apply a
  // payment by hand; everyone concerned reads theirs. Nobody changes or removes a row.
  ...rows("admin", ["read", "create", "update"], "payment", "any"),
  ...rows("staff", ["read"], "payment", "own"),
  ...rows("owner", ["read"], "payment", "own"),
  ...rows("member", ["read"], "payment", "own"),
  ...rows("admin", ["read", "create"], "payment_allocation", "any"),
  ...rows("staff", ["read"], "payment_allocation", "own"),
  ...rows("owner", ["read"], "payment_allocation", "own"),
  ...rows("member", ["read"], "payment_allocation", "own"),
  // Prompts are asked for through start_mpesa_push(); people read their organisation's.
  ...rows("admin", ["read"], "mpesa_push", "any"),
  ...rows("staff", ["read"], "mpesa_push", "own"),
  ...rows("owner", ["read"], "mpesa_push", "own"),
  ...rows("member", ["read"], "mpesa_push", "own"),
  // A project's files (20261233000001_project_files.sql): both sides send and read them;
  // nobody changes one, only an admin removes one.
  ...rows("admin", ["read", "create", "delete"], "project_file", "any"),
  ...rows("staff", ["read", "create"], "project_file", "own"),
  ...rows("owner", ["read", "create"], "project_file", "own"),
  ...rows("member", ["read", "create"], "project_file", "own"),
];

/**
 * Whether the question is about one organisation. Agency roles and the billing settings belong
 * to no organisation, and
 * a new organisation to none yet: for these only `any` rules answer.
 */
export function inOrganisation(entity: Entity, action: Action): boolean {
  return (
    entity !== "agency_role" &&
    entity !== "billing_setting" &&
    !(entity === "organisation" && action === "create")
  );
}

/** The table's answer for one role (`any` includes `own`). */
export function roleCan(role: Role, action: Action, entity: Entity, access: Access): boolean {
  return PERMISSIONS.some(
    (row) =>
      row.role === role &&
      row.action === action &&
      row.entity === entity &&
      (row.access === "any" || row.access === access),
  );
}

/** What the app knows of the person looking: their agency role and their organisations. */
export interface Viewer {
  signedIn: boolean;
  agencyRole: AgencyRole | null;
  memberships: { organisationId: string; name: string; role: MemberRole }[];
  /** Organisations a staff member is assigned to. */
  assignments: string[];
}

export const ANONYMOUS: Viewer = {
  signedIn: false,
  agencyRole: null,
  memberships: [],
  assignments: [],
};

/** The viewer's roles, as public.viewer_roles() counts them: in `organisationId`, or overall. */
export function rolesOf(viewer: Viewer, organisationId: string | null): Role[] {
  if (!viewer.signedIn) return ["anonymous"];
  const roles: Role[] = ["authenticated"];
  if (viewer.agencyRole === "admin") roles.push("admin");
  if (
    viewer.agencyRole === "staff" &&
    (organisationId === null || viewer.assignments.includes(organisationId))
  ) {
    roles.push("staff");
  }
  if (organisationId !== null) {
    for (const membership of viewer.memberships) {
      if (membership.organisationId === organisationId) roles.push(membership.role);
    }
  }
  return roles;
}

/** public.can() in TypeScript: may the viewer do this in that organisation (null: none)? */
export function canIn(
  viewer: Viewer,
  action: Action,
  entity: Entity,
  organisationId: string | null,
): boolean {
  const anywhere = rolesOf(viewer, null).some((role) => roleCan(role, action, entity, "any"));
  if (anywhere || organisationId === null || !inOrganisation(entity, action)) return anywhere;
  return rolesOf(viewer, organisationId).some((role) => roleCan(role, action, entity, "own"));
}

/**
 * May the viewer do this at all: `any` — in every organisation; `own` — in at least one of
 * their own (what a menu asks before it offers a page).
 */
export function can(viewer: Viewer, action: Action, entity: Entity, access: Access): boolean {
  if (canIn(viewer, action, entity, null)) return true;
  if (access === "any") return false;
  const own = [...viewer.memberships.map((m) => m.organisationId), ...viewer.assignments];
  return own.some((organisationId) => canIn(viewer, action, entity, organisationId));
}

import type { MessageKey } from "~/i18n/messages";

/**
 * The audit log's entries as sentences: which catalogue sentence (`activity.verbs.*`) says what
 * happened, to what kind of thing (`activity.things.*`), and where the item and the person are
 * in the admin area. The keys come from the database's audit writers:
 * supabase/migrations/20261124000001_back_office.sql (posts, messages, subscribers, admin
 * rights), 20261208000001_roles.sql (the staff role), 20261210000001_invitations.sql (invitations into a
 * client), 20261212000001_member_removal.sql (a person removed from one), 20261216000001_deliverables.sql (a client's decision on a deliverable's version), 20261234000001_view_as_client.sql (an admin's view of a client's portal as its members see it), 20261240000001_file_downloads.sql (a client's person's download of one of its files), 20261208100001_jobs.sql (a failed job retried), 20261201000001_media.sql (media) and 20261204000001_site_content.sql (the site's
 * content: `<table>.created|updated|deleted|restored|reordered`).
 */
export const VERBS = [
  "created",
  "updated",
  "deleted",
  "restored",
  "published",
  "unpublished",
  "handled",
  "archived",
  "reopened",
  "removed",
  "uploaded",
  "altChanged",
  "granted",
  "revoked",
  "staffGranted",
  "staffRevoked",
  "invited",
  "joined",
  "memberRemoved",
  "deliverableApproved",
  "deliverableChangesRequested",
  "viewedAsClient",
  "downloaded",
  "retried",
  "reordered",
  "other",
] as const;
export type Verb = (typeof VERBS)[number];

/** The site's content tables and the editor of each (app/routes.ts siteEditor). */
const CONTENT_EDITORS: Record<string, string> = {
  services: "services",
  portfolio_projects: "portfolio",
  portfolio_categories: "portfolio-categories",
  team_members: "team",
  testimonials: "testimonials",
  site_figures: "figures",
  legal_documents: "legal",
  chat_options: "chat",
};

/** Each content list's name in the catalogue (`siteEditor.kinds.*.title`). */
const LIST_TITLES: Record<string, MessageKey> = {
  services: "siteEditor.kinds.services.title",
  portfolio_projects: "siteEditor.kinds.portfolio.title",
  portfolio_categories: "siteEditor.kinds.portfolioCategories.title",
  team_members: "siteEditor.kinds.team.title",
  testimonials: "siteEditor.kinds.testimonials.title",
  site_figures: "siteEditor.kinds.figures.title",
  chat_options: "siteEditor.kinds.chat.title",
};

/** Every kind of target the audit writers name (its `activity.things.*` noun). */
export const THINGS = [
  "posts",
  "contact_messages",
  "newsletter_subscribers",
  "users",
  "media",
  "site_settings",
  "organisations",
  ...Object.keys(CONTENT_EDITORS),
] as const;
type Thing = (typeof THINGS)[number] | "item";

/** The prefix of each audit action before the dot (`post.published`) → its target's table. */
const PREFIX_TABLE: Record<string, string> = {
  post: "posts",
  message: "contact_messages",
  subscriber: "newsletter_subscribers",
  admin: "users",
  staff: "users",
  media: "media",
  invitation: "organisations",
  member: "organisations",
  deliverable: "organisations",
  client: "organisations",
  file: "organisations",
};

const SPECIFIC: Record<string, Verb> = {
  "post.created": "created",
  "post.updated": "updated",
  "post.published": "published",
  "post.unpublished": "unpublished",
  "post.deleted": "deleted",
  "message.handled": "handled",
  "message.archived": "archived",
  "message.reopened": "reopened",
  "message.deleted": "deleted",
  "subscriber.removed": "removed",
  "admin.granted": "granted",
  "admin.revoked": "revoked",
  "staff.granted": "staffGranted",
  "staff.revoked": "staffRevoked",
  "invitation.sent": "invited",
  "invitation.accepted": "joined",
  "member.removed": "memberRemoved",
  "deliverable.approved": "deliverableApproved",
  "deliverable.changes_requested": "deliverableChangesRequested",
  "client.viewed": "viewedAsClient",
  "file.downloaded": "downloaded",
  "job.retry": "retried",
  "media.uploaded": "uploaded",
  "media.deleted": "deleted",
  "media.alt_changed": "altChanged",
};

const CONTENT_VERBS: Record<string, Verb> = {
  created: "created",
  updated: "updated",
  deleted: "deleted",
  restored: "restored",
  reordered: "reordered",
};

/** Every action the audit writers can record today (tests enumerate them against the SQL). */
export const KNOWN_ACTIONS: readonly string[] = [
  ...Object.keys(SPECIFIC),
  ...["site_settings", ...Object.keys(CONTENT_EDITORS)].flatMap((table) =>
    ["created", "updated", "deleted", "restored"].map((op) => `${table}.${op}`),
  ),
  ...Object.keys(CONTENT_EDITORS)
    .filter((table) => table !== "legal_documents")
    .map((table) => `${table}.reordered`),
];

export interface AuditRow {
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  actor_email: string | null;
}

/** What a row's sentence needs, before it is put in the admin's language. */
export interface ActivityPlan {
  verb: Verb;
  thing: Thing;
  /** The item's name as the database recorded it (title, sender, e-mail, file name…). */
  name: string;
  /** The action key in words, for the generic sentence ("post featured"). */
  action: string;
  /** The item's page in the admin area, when the item can still be there. */
  itemHref: string | null;
  /** The person's entry on the people page, when the entry names someone. */
  personHref: string | null;
  /** `table:id` of a row whose existence decides whether `itemHref` is shown. */
  mustExist: string | null;
  /** A reordered list: its name in the catalogue (then `name` is not used). */
  listTitle: MessageKey | null;
}

function verbOf(row: AuditRow): Verb {
  const specific = SPECIFIC[row.action];
  if (specific) return specific;
  const [prefix, operation = ""] = row.action.split(".", 2);
  if (prefix === row.target_type && CONTENT_VERBS[operation]) return CONTENT_VERBS[operation];
  return "other";
}

function thingOf(row: AuditRow): Thing {
  const table = PREFIX_TABLE[row.action.split(".")[0] ?? ""] ?? row.target_type;
  return (THINGS as readonly string[]).includes(table) ? (table as Thing) : "item";
}

/**
 * The row the entry is about, for its link: a download names the file's key
 * (`<organisation>/projects/<project>/…` or `<organisation>/deliverables/…`), whose client it is.
 */
function targetOf(row: AuditRow): string | null {
  if (row.action !== "file.downloaded" || !row.target_id) return row.target_id;
  return row.target_id.split("/", 1)[0] || null;
}

/** A downloaded project file's Files page on the agency's side; null for any other entry. */
function filesPageOf(row: AuditRow): string | null {
  if (row.action !== "file.downloaded") return null;
  const [organisation, folder, project] = (row.target_id ?? "").split("/");
  if (!organisation || folder !== "projects" || !/^\d+$/.test(project ?? "")) return null;
  return `/admin/clients/${encodeURIComponent(organisation)}/projects/${project}/files`;
}

const search = (path: string, term: string) => `${path}?${new URLSearchParams({ q: term })}`;

function hrefOf(thing: Thing, verb: Verb, row: AuditRow): string | null {
  const id = targetOf(row);
  if (thing === "users") return row.summary ? search("/admin/people", row.summary) : null;
  if (thing === "site_settings") return "/admin/settings";
  const editor = CONTENT_EDITORS[thing];
  if (editor && verb === "reordered") return `/admin/${editor}`;
  if (!id) return null;
  if (editor) return `/admin/${editor}/${encodeURIComponent(id)}`;
  if (thing === "posts") return `/admin/posts/${encodeURIComponent(id)}`;
  if (thing === "contact_messages") return `/admin/messages/${encodeURIComponent(id)}`;
  if (thing === "newsletter_subscribers")
    return row.summary ? search("/admin/subscribers", row.summary) : null;
  if (thing === "media") return "/admin/media";
  if (thing === "organisations")
    return filesPageOf(row) ?? `/admin/clients/${encodeURIComponent(id)}`;
  return null;
}

/** The sentence of one audit entry: its verb, its noun, and its links. */
export function planActivity(row: AuditRow): ActivityPlan {
  const verb = verbOf(row);
  const thing = thingOf(row);
  const itemHref = hrefOf(thing, verb, row);
  const target = targetOf(row);
  const checked = thing !== "users" && thing !== "site_settings" && verb !== "reordered";
  return {
    verb,
    thing,
    name: row.summary.trim() || (row.target_id ? `#${row.target_id}` : row.action),
    action: row.action.replace(/[._]+/g, " ").trim(),
    itemHref,
    personHref: row.actor_email ? search("/admin/people", row.actor_email) : null,
    mustExist: itemHref && checked && target ? `${thing}:${target}` : null,
    listTitle: verb === "reordered" ? (LIST_TITLES[thing] ?? null) : null,
  };
}

/** The catalogue keys of a plan. */
export function activityKeys(plan: Pick<ActivityPlan, "verb" | "thing">): {
  sentence: MessageKey;
  thing: MessageKey;
} {
  return {
    sentence: `activity.verbs.${plan.verb}` as MessageKey,
    thing: `activity.things.${plan.thing}` as MessageKey,
  };
}

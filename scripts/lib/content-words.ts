/**
 * What `npm run content:export` and `content:import` tell the operator, in words: the kinds of
 * items a file holds, and — when the database refuses a row — which one, which field and what
 * the field must be.
 */
import type { TableName } from "./content-file.ts";

const KINDS: Record<TableName, [one: string, many: string]> = {
  site_settings: ["settings row", "settings rows"],
  legal_documents: ["legal page", "legal pages"],
  services: ["service", "services"],
  portfolio_categories: ["portfolio category", "portfolio categories"],
  portfolio_projects: ["portfolio project", "portfolio projects"],
  team_members: ["team member", "team members"],
  testimonials: ["testimonial", "testimonials"],
  site_figures: ["figure", "figures"],
  chat_options: ["chat option", "chat options"],
  blog_categories: ["blog category", "blog categories"],
  blog_tags: ["blog tag", "blog tags"],
  content_redirects: ["old slug", "old slugs"],
};

const kindOf = (table: string, count: number) => {
  const words = KINDS[table as TableName];
  return words ? words[count === 1 ? 0 : 1] : table;
};

/** "1 service, 2 team members" (tables with none left out); "none" when empty. */
export function countsInWords(counts: Partial<Record<TableName, number>>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([table, count]) => `${count} ${kindOf(table, count ?? 0)}`);
  return parts.length > 0 ? parts.join(", ") : "none";
}

/** What content_import answers when the database refused a row (nothing was written). */
export interface ImportRefusal {
  at?: { table?: string; row?: number; key?: Record<string, unknown> | null; prune?: boolean };
  code?: string;
  message?: string;
  detail?: string | null;
  constraint?: string | null;
  fields?: string[] | null;
  rule?: string | null;
}

/** What each of the database's checks asks, by the function the constraint calls. */
const RULES: [RegExp, (args: string[]) => string][] = [
  [
    /is_plain_line\(\w+, (\d+), (\d+)\)/,
    ([min, max]) =>
      `one line of ${min} to ${max} characters, without line breaks, tabs or control characters`,
  ],
  [
    /is_translated_line\(\w+, (\d+)\)/,
    ([max]) =>
      `a text per language ({"en": …, "sw": …, "fr": …}, English required), each one line of at most ${max} characters, not empty, without line breaks, tabs or control characters`,
  ],
  [
    /is_translated_paragraph\(\w+, (\d+)\)/,
    ([max]) =>
      `a text per language ({"en": …, "sw": …, "fr": …}, English required), each at most ${max} characters, not empty, without control characters`,
  ],
  [
    /is_translated_lines\(\w+, (\d+), (\d+)\)/,
    ([items, max]) =>
      `a list of at most ${items} texts per language, each one line of at most ${max} characters`,
  ],
  [
    /is_text_lines\(\w+, (\d+), (\d+)\)/,
    ([items, max]) => `a list of at most ${items} texts, each one line of 1 to ${max} characters`,
  ],
  [
    /is_process_steps_text\(/,
    () =>
      "at most 12 steps, each a one-line title (80 characters) and a description (300) per language",
  ],
  [
    /is_site_email\(/,
    () => "one e-mail address such as hello@example.com, without a name, spaces, ?, % or #",
  ],
  [
    /is_office_addresses\(\w+, (\d+), (\d+)\)/,
    ([items, max]) =>
      `street addresses by city ({"Nairobi": "Ngong Road 12"}), at most ${items}, each one line of 1 to ${max} characters`,
  ],
  [
    /is_phone_number\(/,
    () => "a phone number of digits, spaces, ( ) . - and a leading +, with at least three digits",
  ],
  [
    /is_social_links_of_networks\(/,
    () =>
      "at most 10 links, each of a known network with an https:// address on that network's own site",
  ],
  [/is_slug\(/, () => "lowercase letters, digits and single hyphens, at most 80 characters"],
  [/is_site_image\(/, () => "an image path under /images/ or /media/"],
];

/** The rule a check constraint's definition states, in words (its definition when unknown). */
function ruleInWords(rule: string): string {
  for (const [pattern, words] of RULES) {
    const match = pattern.exec(rule);
    if (match) return words(match.slice(1));
  }
  return `the rule ${rule}`;
}

/** Why the database refused, in an operator's words. */
function reason(refusal: ImportRefusal): string {
  const fields = refusal.fields?.join(", ");
  switch (refusal.code) {
    case "23514":
      return refusal.rule
        ? `${fields ?? "a field"} must be ${ruleInWords(refusal.rule)}`
        : `${fields ?? "a value"} breaks the rule ${refusal.constraint ?? refusal.message}`;
    case "23505":
      return `another item already has this ${fields ?? "value"}`;
    case "23502":
      return `${fields ?? "a required field"} is missing`;
    case "22P02":
    case "22007":
    case "22003":
      return `a value has the wrong type (${refusal.message})`;
    default:
      return refusal.message ?? "refused";
  }
}

/** "blog tags, row 2 of the file (slug "bad"), field label". */
function where(refusal: ImportRefusal): string {
  const at = refusal.at ?? {};
  if (!at.table) return "the file";
  const table = at.table in KINDS ? KINDS[at.table as TableName][1] : at.table;
  if (at.prune) return `the ${table} the file does not have (deleting them with --prune)`;
  if (at.row === undefined) return `the ${table} of the file`;
  const key = Object.entries(at.key ?? {})
    .map(([name, value]) => `${name} ${JSON.stringify(value)}`)
    .join(", ");
  const fields = refusal.fields?.length ? `, field ${refusal.fields.join(", ")}` : "";
  return `${table}, row ${at.row} of the file${key ? ` (${key})` : ""}${fields}`;
}

/** The whole message: nothing changed, what was refused, and what to do. */
export function refusalInWords(path: string, refusal: ImportRefusal): string {
  return (
    `Nothing was imported: the database refused ${where(refusal)}: ${reason(refusal)}. ` +
    `Fix that row in ${path} (or the item on the site it came from, then export again) and ` +
    "import again; the target is exactly as it was."
  );
}

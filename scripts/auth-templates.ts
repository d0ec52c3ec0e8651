/**
 * Writes the hosted project's auth e-mail templates (`supabase/templates/*.html`) and their
 * subjects (`supabase/config.toml`, `[auth.email.template.*]`) from the embedded backend's
 * wording (`supabase/local/auth/email-templates.ts`), so that hosted Supabase mails a visitor
 * in the language they signed up in, as the embedded backend does: each template branches on
 * the `locale` saved in the user's metadata at sign-up (`{{ .Data.locale }}`), and each link's
 * `next` is a page in that language, so /auth/confirm opens in it.
 *
 * Every mail names the site (BRAND_NAME, default the site's: app/infra/env.server.ts) in its
 * subject and first line, ends with what to do with a mail one did not ask for, and carries the
 * link only: the site's pages take links, not codes.
 *
 *   node scripts/auth-templates.ts          write the files
 *   node scripts/auth-templates.ts --check  exit 1 when they are out of date
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EmailActionType } from "@jenga/supabase-local/mail-templates";
import {
  brandedSubject,
  IGNORE_LINE,
  type MailLocale,
  SENT_BY,
  TEMPLATES,
} from "@jenga/supabase-local/mail-templates";

const ROOT = join(import.meta.dirname, "..");
const PREFIX: Record<MailLocale, string> = { en: "", sw: "/sw", fr: "/fr" };

/** The site's name, as the site itself reads it (app/infra/env.server.ts, same default). */
export function brandName(): string {
  return process.env.BRAND_NAME?.trim() || "Jenga Digital";
}

/** Supabase's template names, the link's address variable and the page the link goes on to. */
export const HOSTED: Record<EmailActionType, { name: string; email: string; next: string }> = {
  signup: { name: "confirmation", email: "{{ .Email }}", next: "/dashboard" },
  recovery: { name: "recovery", email: "{{ .Email }}", next: "/reset-password" },
  email_change: { name: "email_change", email: "{{ .NewEmail }}", next: "/profile" },
  invite: { name: "invite", email: "{{ .Email }}", next: "/onboarding" },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

/**
 * `{{ if … "sw" }}…{{ else if … "fr" }}…{{ else }}…{{ end }}`. The locale goes through printf
 * so that a user without one (nil) compares as the string "<nil>" instead of failing `eq`.
 */
function byLocale(part: (locale: MailLocale) => string): string {
  const test = (locale: MailLocale) => `eq (printf "%v" .Data.locale) "${locale}"`;
  return `{{ if ${test("sw")} }}${part("sw")}{{ else if ${test("fr")} }}${part("fr")}{{ else }}${part("en")}{{ end }}`;
}

export function hostedLink(type: EmailActionType, locale: MailLocale): string {
  const { email, next } = HOSTED[type];
  return `{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=${type}&email=${email}&next=${PREFIX[locale]}${next}`;
}

export function subjectTemplate(type: EmailActionType): string {
  return byLocale((locale) => brandedSubject(TEMPLATES[locale][type].subject, brandName()));
}

export function bodyTemplate(type: EmailActionType): string {
  const body = (locale: MailLocale) => {
    const words = TEMPLATES[locale][type];
    const brand = brandName();
    return `
<h2>${escapeHtml(brandedSubject(words.subject, brand))}</h2>
<p>${escapeHtml(SENT_BY[locale].replace("{brand}", brand))}</p>
<p>${escapeHtml(words.intro)}</p>
<p><a href="${hostedLink(type, locale)}">${escapeHtml(words.action)}</a></p>
<p>${escapeHtml(IGNORE_LINE[locale])}</p>
`;
  };
  return `${byLocale(body)}\n`;
}

const CONFIG = join(ROOT, "supabase", "config.toml");
const BEGIN = "# --- auth e-mail templates: written by scripts/auth-templates.ts ---";
const END = "# --- end of auth e-mail templates ---";

function configSection(): string {
  const tables = (Object.keys(HOSTED) as EmailActionType[]).map((type) => {
    const subject = subjectTemplate(type);
    if (subject.includes("'")) throw new Error(`${type}: a subject cannot hold ' in TOML`);
    return `[auth.email.template.${HOSTED[type].name}]\nsubject = '${subject}'\ncontent_path = "./supabase/templates/${HOSTED[type].name}.html"`;
  });
  return `${BEGIN}\n${tables.join("\n\n")}\n${END}`;
}

/** Every file the script owns, with its expected content. */
export function expectedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const type of Object.keys(HOSTED) as EmailActionType[])
    files.set(join(ROOT, "supabase", "templates", `${HOSTED[type].name}.html`), bodyTemplate(type));
  const config = readFileSync(CONFIG, "utf8");
  const start = config.indexOf(BEGIN);
  const end = config.indexOf(END);
  const updated =
    start >= 0 && end > start
      ? `${config.slice(0, start)}${configSection()}${config.slice(end + END.length)}`
      : `${config.trimEnd()}\n\n${configSection()}\n`;
  files.set(CONFIG, updated);
  return files;
}

if (import.meta.main) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const [path, content] of expectedFiles()) {
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {}
    if (current === content) continue;
    stale++;
    if (check) console.error(`out of date: ${path} (run node scripts/auth-templates.ts)`);
    else writeFileSync(path, content);
  }
  if (check && stale) process.exit(1);
  console.log(check ? "auth templates up to date" : `wrote ${stale} file(s)`);
}

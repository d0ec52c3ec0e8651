import { readFileSync } from "node:fs";
import type { EmailActionType } from "@jenga/supabase-local/mail-templates";
import {
  IGNORE_LINE,
  type MailLocale,
  SENT_BY,
  TEMPLATES,
} from "@jenga/supabase-local/mail-templates";
import { describe, expect, it } from "vitest";
import { localeFromPath } from "~/i18n/locale";
import {
  bodyTemplate,
  brandName,
  expectedFiles,
  HOSTED,
  subjectTemplate,
} from "../../scripts/auth-templates.ts";

/**
 * The hosted project's e-mail templates, rendered as GoTrue renders them (Go templates: the
 * `if/else if/else/end` on the saved locale and `{{ .Var }}` substitutions they use), must say
 * what the embedded backend's mails say, in the visitor's language, with a link /auth/confirm
 * accepts and whose `next` opens the page in that language.
 */
const BRANCH =
  /\{\{ if eq \(printf "%v" \.Data\.locale\) "(\w+)" \}\}([\s\S]*?)\{\{ else if eq \(printf "%v" \.Data\.locale\) "(\w+)" \}\}([\s\S]*?)\{\{ else \}\}([\s\S]*?)\{\{ end \}\}/g;

function render(template: string, locale: string | undefined, vars: Record<string, string>) {
  const printed = locale === undefined ? "<nil>" : locale; // printf "%v" of a missing key
  const chosen = template.replace(BRANCH, (_all, a, ifA, b, ifB, otherwise) =>
    printed === a ? ifA : printed === b ? ifB : otherwise,
  );
  const out = chosen.replace(/\{\{ \.(\w+) \}\}/g, (_all, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`unknown variable .${name}`);
    return value;
  });
  expect(out).not.toContain("{{");
  return out;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const VARS = {
  SiteURL: "https://agency.example",
  TokenHash: "pkce_abc123",
  Email: "amina@example.com",
  NewEmail: "amina.new@example.com",
  Token: "123456",
};
const TYPES = Object.keys(HOSTED) as EmailActionType[];

describe("hosted auth e-mail templates", () => {
  it("are up to date with the embedded backend's wording (node scripts/auth-templates.ts)", () => {
    for (const [path, content] of expectedFiles())
      expect(readFileSync(path, "utf8"), path).toBe(content);
  });

  for (const type of TYPES) {
    it(`${type}: each language gets its words, the site's name, a link back in its language and no code`, () => {
      const cases: [string | undefined, MailLocale][] = [
        ["sw", "sw"],
        ["fr", "fr"],
        ["en", "en"],
        [undefined, "en"],
        ["de", "en"],
      ];
      for (const [saved, locale] of cases) {
        const words = TEMPLATES[locale][type];
        expect(render(subjectTemplate(type), saved, VARS)).toBe(`${brandName()}: ${words.subject}`);
        const html = render(bodyTemplate(type), saved, VARS);
        expect(html).toContain(words.action);
        expect(html).toContain(escapeHtml(SENT_BY[locale].replace("{brand}", brandName())));
        expect(html.trim().endsWith(`<p>${escapeHtml(IGNORE_LINE[locale])}</p>`)).toBe(true);
        expect(html).not.toContain("123456");
        const href = /<a href="([^"]+)"/.exec(html)?.[1] ?? "";
        const link = new URL(href);
        expect(link.origin + link.pathname).toBe("https://agency.example/auth/confirm");
        expect(link.searchParams.get("token_hash")).toBe("pkce_abc123");
        expect(link.searchParams.get("type")).toBe(type);
        expect(link.searchParams.get("email")).toBe(
          type === "email_change" ? VARS.NewEmail : VARS.Email,
        );
        const next = link.searchParams.get("next") ?? "";
        expect(next.startsWith("/")).toBe(true);
        expect(localeFromPath(next)).toBe(locale);
      }
    });
  }
});

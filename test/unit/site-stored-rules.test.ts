import { describe, expect, it } from "vitest";
import { BARE_ADDRESS } from "~/domain/email-field.server";
import {
  A_SPACE,
  EMAIL_WORD,
  isNetworkUrl,
  isPhoneNumber,
  isSiteEmail,
  isTextLine,
  isTextParagraph,
  jsPattern,
  NOT_A_SPACE,
  SITE_EMAIL,
} from "~/domain/site/editor/stored-rules";

/**
 * The rules of app/domain/site/editor/stored-rules.ts, which the editors and the database
 * (supabase/migrations/20261207000002_content_guards.sql) both apply: what each accepts, and
 * — walking every Unicode code point — that the spelling PostgreSQL reads (no locale classes)
 * means what the editors' JavaScript means. test/integration/site-content-guards.test.ts
 * writes the same values through the API; test/integration/real-postgres.test.ts runs the
 * functions on PostgreSQL 17.
 */
const CODE_POINTS = function* () {
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
  }
};

describe("the rules the database applies too", () => {
  it("refuses line breaks, tabs and control characters in one line, and blank texts", () => {
    for (const ok of ["Jenga Digital", "Café “Mama” — 24/7", "", "  padded  ", "😀 emoji"]) {
      expect(isTextLine(ok), JSON.stringify(ok)).toBe(true);
    }
    for (const bad of [
      "Jenga\nDigital",
      "a\rb",
      "a\tb",
      "a\u2028b",
      "a\u0085b",
      "a\u007fb",
      "   ",
      "\u00a0",
    ]) {
      expect(isTextLine(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isTextParagraph("One\nTwo\twith a tab")).toBe(true);
    for (const bad of ["CR\r\nLF", "Bell \u0007", "NUL\u0000", "\n\n"]) {
      expect(isTextParagraph(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes one bare contact address, never a mailto: header", () => {
    for (const ok of [
      "hello@jengadigital.co.ke",
      "first.last+site@example.com",
      "jéan@café.example",
    ]) {
      expect(isSiteEmail(ok), ok).toBe(true);
    }
    for (const bad of [
      "hello@example.test?bcc=eve@evil.example",
      "hello?bcc=eve%40evil.example@example.test",
      "hello%3Fbcc@example.test",
      "hello#frag@example.test",
      "Jenga <hello@example.test>",
      "a@b",
      "a b@example.com",
      "hello@example.test\n",
      "a@-example.com",
    ]) {
      expect(isSiteEmail(bad), bad).toBe(false);
    }
  });

  it("takes phone numbers as people write them, with a tel: link that dials", () => {
    for (const ok of ["+254 712 345 678", "(020) 123-4567", "0712.345.678"]) {
      expect(isPhoneNumber(ok), ok).toBe(true);
    }
    for (const bad of ["call me", "0712 + 345", "+-()", "12", "+254\n712 345"]) {
      expect(isPhoneNumber(bad), bad).toBe(false);
    }
  });

  it("takes a social link only on its network's own host", () => {
    expect(isNetworkUrl("facebook", "https://www.facebook.com/jengadigital")).toBe(true);
    expect(isNetworkUrl("facebook", "https://WWW.FaceBook.com/jengadigital")).toBe(true);
    expect(isNetworkUrl("youtube", "https://youtu.be/abc?t=1")).toBe(true);
    expect(isNetworkUrl("x", "https://x.com:443/jengadigital")).toBe(true);
    for (const bad of [
      "https://facebook.com.evil.example/",
      "https://evil.example/facebook.com",
      "https://www.facebook.com@evil.example/",
      "https://%66acebook.com/",
      // The Kelvin sign: URL's host mapping reads it as k, the database does not.
      "https://faceboo\u212a.com/",
      "http://facebook.com/",
      "https://facebook.com/a b",
    ]) {
      expect(isNetworkUrl("facebook", bad), bad).toBe(false);
    }
  });
});

describe("the PostgreSQL spelling means what JavaScript means", () => {
  it("reads spaces as JavaScript's \\s and trim() do", () => {
    const space = jsPattern(A_SPACE);
    const notSpace = jsPattern(NOT_A_SPACE);
    const differ: string[] = [];
    for (const c of CODE_POINTS()) {
      const js = /\s/u.test(c);
      if (space.test(c) !== js || notSpace.test(c) === js || (c.trim() === "") !== js) {
        differ.push(c.codePointAt(0)?.toString(16) ?? "");
      }
    }
    expect(differ).toEqual([]);
  });

  it("holds in an address's characters every letter, mark and digit the editors accept", () => {
    const word = jsPattern(`^[${EMAIL_WORD}]$`);
    const letter = /^[\p{L}\p{M}\p{N}]$/u;
    const missing: string[] = [];
    let looser = 0;
    for (const c of CODE_POINTS()) {
      const cp = c.codePointAt(0) ?? 0;
      if (letter.test(c) && !word.test(c)) missing.push(cp.toString(16));
      if (cp < 0x80) expect(word.test(c), cp.toString(16)).toBe(/^[A-Za-z0-9]$/.test(c));
      else if (word.test(c) && !letter.test(c)) looser++;
    }
    expect(missing).toEqual([]);
    // What the database lets through and the editors do not: symbols, punctuation and unassigned
    // code points beyond ASCII (©, “, emoji…), none of them syntax in a mail address, a mailto:
    // link or a header.
    console.log(`code points an address may hold for the database, not for the editors: ${looser}`);
  });

  it("refuses in an address exactly the ASCII the contact form refuses, and ? % #", () => {
    const site = jsPattern(SITE_EMAIL);
    for (let cp = 0x20; cp < 0x7f; cp++) {
      const c = String.fromCharCode(cp);
      for (const address of [`a${c}b@example.test`, `ab@exa${c}mple.test`]) {
        const editor = BARE_ADDRESS.test(address) && !"?%#".includes(c);
        expect(site.test(address), address).toBe(editor);
      }
    }
  });
});

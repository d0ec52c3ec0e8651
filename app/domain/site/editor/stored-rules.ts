import type { SocialNetwork } from "./fields";

/**
 * The rules a stored text of the site's content follows, which the database checks as well as
 * the editors (supabase/migrations/20261207000002_content_guards.sql): each pattern is written
 * once, in the part of the regular-expression syntax JavaScript (with the `u` flag) and
 * PostgreSQL read alike, and test/unit/site-kinds.test.ts finds every one of them in the
 * migration — a rule changed on one side only fails there. (Isomorphic, plain data.)
 */

/** What String.prototype.trim removes (and JavaScript's \\s matches). */
const SPACE =
  "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";

/**
 * A character that is not a space: a stored text that is not empty has one (the editors trim
 * every text, so "   " is never stored). Spaces at the ends are not refused: the seeded chat
 * options end their prefilled message with one, for the visitor to type after.
 */
export const NOT_A_SPACE = `[^${SPACE}]`;
/** A space anywhere (a link has none). */
export const A_SPACE = `[${SPACE}]`;

/**
 * What a one-line text (a name, a title, a list item, a phone number) may not hold: control
 * characters (C0, DEL, C1) — line breaks and tabs among them — and the Unicode line and
 * paragraph separators. A brand name with a line break would break every page's title.
 */
export const NOT_IN_A_LINE = "[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]";

/** What a paragraph (a description, a legal page) may not hold: the controls but tab and line feed. */
export const NOT_IN_A_PARAGRAPH = "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]";

/**
 * The characters of an address's parts beyond ASCII letters and digits: every code point from
 * U+00A1 to the last plane with letters (U+3FFFF) but spaces, invisible format characters,
 * private-use and special code points, and the variation selectors of plane 14. It
 * holds every letter, mark and digit the editors accept (\p{L}\p{M}\p{N}; the unit test walks
 * every code point), in syntax PostgreSQL reads without a locale's character classes.
 */
export const EMAIL_WORD =
  "A-Za-z0-9\\u00a1-\\u00ac\\u00ae-\\u167f\\u1681-\\u180d\\u180f-\\u1fff\\u2010-\\u2027" +
  "\\u2030-\\u205e\\u2070-\\u2fff\\u3001-\\ud7ff\\uf900-\\ufefe\\uff00-\\ufff8" +
  "\\U00010000-\\U0003ffff\\U000e0100-\\U000e01ef";
/**
 * A contact address of the site (settings: e-mail, support e-mail), which every page puts in a
 * `mailto:` link: one bare address, as the contact form's (BARE_ADDRESS) — dot-atoms of WORD
 * characters and RFC 5322's symbols but `?`, `%` and `#`, which a `mailto:` reads as its own
 * syntax (`hello@example.test?bcc=…`), an at sign, dotted domain labels. Spelled as a template
 * (ATOM, LABEL, WORD), as the migration spells it.
 */
export const EMAIL_TEMPLATE = "^ATOM(?:\\.ATOM)*@LABEL(?:\\.LABEL)+$";
export const EMAIL_ATOM = "[WORD!$&'*+/=^_`{|}~-]+";
export const EMAIL_LABEL = "[WORD](?:[WORD-]*[WORD])?";
// Replaced by functions: a replacement string would read the atom's `$&` as "the match".
export const SITE_EMAIL = EMAIL_TEMPLATE.replaceAll("ATOM", () => EMAIL_ATOM)
  .replaceAll("LABEL", () => EMAIL_LABEL)
  .replaceAll("WORD", () => EMAIL_WORD);

/** A phone number as people write it: digits, spaces, ( ) . - and a leading +. */
export const PHONE_CHARACTERS = "^\\+?[0-9 ().-]+$";
/** …with at least three digits, so that its `tel:` link dials something. */
export const PHONE_DIGITS = "[0-9](?:[^0-9]*[0-9]){2}";

/** The hosts each network's links may point at (a subdomain of one too). */
export const NETWORK_HOSTS: Record<SocialNetwork, readonly string[]> = {
  facebook: ["facebook.com", "fb.com"],
  x: ["x.com", "twitter.com"],
  linkedin: ["linkedin.com"],
  instagram: ["instagram.com"],
  youtube: ["youtube.com", "youtu.be"],
  tiktok: ["tiktok.com"],
};

/**
 * A link of `network` read with ASCII letters in lower case (asciiLower): https, one of its
 * hosts right after `//` (no user name, no look-alike), then a port, a path, a query or nothing.
 */
export function socialUrlPattern(network: SocialNetwork): string {
  const hosts = NETWORK_HOSTS[network].map((host) => host.replaceAll(".", "\\.")).join("|");
  return `^https://(?:[a-z0-9-]+\\.)*(?:${hosts})(?::[0-9]{1,5})?(?:[/?#\\\\]|$)`;
}

/** A–Z to a–z and nothing else, as SQL's translate() with those two alphabets does. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** A pattern above as a JavaScript RegExp (`\UXXXXXXXX` is PostgreSQL's spelling of `\u{…}`). */
export function jsPattern(source: string): RegExp {
  return new RegExp(source.replace(/\\U([0-9a-f]{8})/g, "\\u{$1}"), "u");
}

const notInALine = jsPattern(NOT_IN_A_LINE);
const notInAParagraph = jsPattern(NOT_IN_A_PARAGRAPH);
const notASpace = jsPattern(NOT_A_SPACE);
const aSpace = jsPattern(A_SPACE);
const siteEmail = jsPattern(SITE_EMAIL);
const phoneCharacters = jsPattern(PHONE_CHARACTERS);
const phoneDigits = jsPattern(PHONE_DIGITS);

/** Whether `text` may be stored as one line (public.is_text_line). */
export const isTextLine = (text: string) =>
  !notInALine.test(text) && (text === "" || notASpace.test(text));

/** Whether `text` may be stored as a paragraph (public.is_text_paragraph). */
export const isTextParagraph = (text: string) =>
  !notInAParagraph.test(text) && (text === "" || notASpace.test(text));

/** Whether `text` may be stored as a contact address of the site (public.is_site_email). */
export const isSiteEmail = (text: string) => siteEmail.test(text);

/** Whether `text` may be stored as the site's phone number (public.is_phone_number). */
export const isPhoneNumber = (text: string) =>
  phoneCharacters.test(text) && phoneDigits.test(text) && isTextLine(text);

/** Whether `url` is one line without spaces pointing at `network` (public.is_social_links_of_networks). */
export const isNetworkUrl = (network: SocialNetwork, url: string) =>
  !notInALine.test(url) &&
  !aSpace.test(url) &&
  jsPattern(socialUrlPattern(network)).test(asciiLower(url));

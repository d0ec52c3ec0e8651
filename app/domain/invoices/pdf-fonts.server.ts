import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";

/**
 * The PDFs' font, from local files only: Noto Sans (SIL Open Font License) as the
 * @fontsource/noto-sans package ships it, its Latin and Latin Extended subsets in regular and
 * bold (WOFF, which react-pdf's fontkit reads; it does not read WOFF2). Resolved through the
 * package, so the same paths work from app/ under Vitest and from build/server. A character
 * neither subset has (emoji, Arabic…) prints as an empty box: react-pdf is given no emoji
 * source, so it never fetches one, and the hyphenation callback below replaces its dictionary.
 */
export const PDF_FONT = ["NotoSans", "NotoSansExt"];

const require = createRequire(import.meta.url);
const file = (subset: string, weight: number) =>
  require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);

/** Longer runs without a space are cut in pieces a line can hold (IBANs, links, hostile text). */
const PIECE = 16;

/**
 * react-pdf asks how a word may be split at a line end: words as they are, only over-long ones
 * cut every PIECE characters (by code point, never inside a surrogate pair), so that a 2 000-
 * character "word" wraps instead of running off the page.
 */
export function splitLongWord(word: string): string[] {
  const points = Array.from(word);
  if (points.length <= PIECE * 2) return [word];
  const pieces: string[] = [];
  for (let i = 0; i < points.length; i += PIECE) pieces.push(points.slice(i, i + PIECE).join(""));
  return pieces;
}

let registered = false;
let printable: Promise<(text: string) => string> | null = null;

/**
 * Registers the fonts and the hyphenation once per process (react-pdf's Font is global) and
 * answers the filter text typed by people goes through before it is printed: characters the
 * fonts cannot draw become U+FFFD (�) — an emoji or a right-to-left script would otherwise print
 * as empty boxes that react-pdf's bidirectional reordering piles onto their neighbours —;
 * control and format characters (bidi overrides, zero-width joiners) are dropped; line breaks
 * stay, other white space becomes a space.
 */
export function loadPdfFonts(): Promise<(text: string) => string> {
  registerPdfFonts();
  printable ??= coverage().then((covered) => (text: string) => {
    const missing = covered.has(0xfffd) ? "\ufffd" : "?";
    let out = "";
    for (const char of text.normalize("NFC")) {
      const point = char.codePointAt(0)!;
      if (char === "\n") out += char;
      else if (point === 0x202f) out += "\u00a0";
      else if (/\s/.test(char)) out += " ";
      else if (/[\p{Cc}\p{Cf}]/u.test(char)) continue;
      else out += covered.has(point) ? char : missing;
    }
    return out;
  });
  return printable;
}

/** The code points the fonts draw (both subsets, regular; bold covers the same). */
async function coverage(): Promise<Set<number>> {
  const covered = new Set<number>();
  for (const fontFamily of PDF_FONT) {
    await Font.load({ fontFamily, fontWeight: 400 });
    const data = Font.getFont({ fontFamily, fontWeight: 400 }).data as {
      characterSet?: number[];
    } | null;
    for (const point of data?.characterSet ?? []) covered.add(point);
  }
  return covered;
}

function registerPdfFonts(): void {
  if (registered) return;
  for (const [family, subset] of [
    ["NotoSans", "latin"],
    ["NotoSansExt", "latin-ext"],
  ] as const) {
    Font.register({
      family,
      fonts: [
        { src: file(subset, 400), fontWeight: 400 },
        { src: file(subset, 700), fontWeight: 700 },
      ],
    });
  }
  Font.registerHyphenationCallback(splitLongWord);
  registered = true;
}

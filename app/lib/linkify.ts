/**
 * Plain text cut into pieces, each either text or an http(s) address to link. Nothing else
 * becomes a link (no `javascript:`, `data:`, `mailto:` or bare domains), the text is never
 * read as HTML (React escapes it), and punctuation that ends a sentence stays out of the link.
 */
export type TextPiece = { text: string; href?: undefined } | { text: string; href: string };

const ADDRESS = /https?:\/\/[^\s<>"]+/gi;
/** Characters a sentence puts after an address, which the address then ends before. */
const TRAILING = /[.,;:!?'")\]}]+$/;

function linkable(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    const address = match[0].replace(TRAILING, "");
    const href = linkable(address);
    if (!href) continue;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: address, href });
    last = start + address.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

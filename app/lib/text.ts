/**
 * Cutting text to a length without breaking it. Lengths are counted in code points — what
 * PostgreSQL's `char_length` and the database's check constraints count — and a cut never
 * splits a surrogate pair: "…a😀" cut at the emoji keeps the whole emoji or none of it. The
 * result is always well-formed (a lone surrogate already in the text becomes U+FFFD), so it
 * survives JSON, a URL, a mail header and a database as it is: half an emoji in a JSON body
 * makes PostgreSQL refuse the whole body.
 *
 * Isomorphic and dependency-free (the Node server's page-cache keys use it too).
 */

/** Code points of `text` (a lone surrogate counts as one). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point: skip the low half.
    if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The UTF-16 length of the first `max` code points of `text`. */
function unitsOf(text: string, max: number): number {
  let units = 0;
  for (let points = 0; points < max && units < text.length; points++) {
    const unit = text.charCodeAt(units);
    units += unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(units + 1)) ? 2 : 1;
  }
  return units;
}

/** `text` cut to at most `max` code points, well-formed. */
export function clipCodePoints(text: string, max: number): string {
  // Most values are short: no count needed when even their UTF-16 length is within the bound.
  const cut = text.length <= max ? text : text.slice(0, unitsOf(text, max));
  return cut.isWellFormed() ? cut : cut.toWellFormed();
}

/** `text` as is when it has at most `max` code points, else cut to `max - 1` and "…". */
export function clipWithEllipsis(text: string, max: number): string {
  if (text.length <= max || codePointLength(text) <= max) return clipCodePoints(text, max);
  return `${clipCodePoints(text, max - 1)}…`;
}

/**
 * Text cut to a length without breaking a character. `String.prototype.slice` counts UTF-16
 * units, so cutting `a…a😀` inside the emoji leaves half of a surrogate pair: a string that
 * JSON carries as `"\ud83d"` and PostgreSQL's JSON parser refuses (issue 40: one crafted
 * `utm_campaign` made a whole analytics batch fail). Isomorphic.
 */

/**
 * At most `max` code points of `text` (what PostgreSQL's `char_length` counts), as a
 * well-formed string: a lone surrogate already in `text` becomes U+FFFD, and a cut never falls
 * inside a pair.
 */
export function clipCodePoints(text: string, max: number): string {
  const whole = text.isWellFormed() ? text : text.toWellFormed();
  // Fast path: fewer UTF-16 units than `max` means fewer code points too.
  if (whole.length <= max) return whole;
  let units = 0;
  let points = 0;
  while (units < whole.length && points < max) {
    const code = whole.charCodeAt(units);
    units += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    points++;
  }
  return whole.slice(0, units);
}

/**
 * Input quoted back in an error or stored in a log column is cut to at most `max` code points,
 * never inside a surrogate pair, and made well-formed: half an emoji in an error body is a lone
 * surrogate that strict JSON readers and PostgreSQL refuse.
 */
export function clip(text: string, max: number): string {
  let units = 0;
  let left = max;
  for (const point of text) {
    if (left-- === 0) break;
    units += point.length;
  }
  return text.slice(0, units).toWellFormed();
}

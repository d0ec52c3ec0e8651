/**
 * RFC 4180 CSV of the subscriber list: CRLF line ends, quotes doubled inside quoted fields.
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection") is neutralised whichever
 * separator the spreadsheet splits on — `,`, or `;` as French and German Excel do:
 * - a cell beginning with `=`, `+`, `-`, `@`, a tab or a CR gets a leading apostrophe;
 * - a cell holding a quote, `,`, `;`, a tab, CR or LF, or so neutralised, is quoted, so no
 *   separator inside it can start a new cell (`x;=1+1;@x.co` stays one cell).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | null | undefined): string {
  const text = value ?? "";
  const formula = FORMULA_START.test(text);
  const cell = formula ? `'${text}` : text;
  return formula || NEEDS_QUOTES.test(text) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export function csvLine(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export const SUBSCRIBER_CSV_HEADER = ["email", "subscribed_at", "status"] as const;

export function subscribersCsv(
  rows: { email: string; created_at: string; status: string }[],
): string {
  return (
    csvLine([...SUBSCRIBER_CSV_HEADER]) +
    rows.map((row) => csvLine([row.email, row.created_at, row.status])).join("")
  );
}

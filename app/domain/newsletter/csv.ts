/**
 * RFC 4180 CSV of the subscriber list: CRLF line ends, every field quoted when it holds a quote,
 * comma, CR or LF (quotes doubled). A cell a spreadsheet would run as a formula — beginning with
 * `=`, `+`, `-`, `@`, a tab or a CR — gets a leading apostrophe (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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

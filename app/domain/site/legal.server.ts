import { sanitizePostHtml } from "~/domain/posts/sanitize.server";

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/**
 * A legal document's stored HTML as the page shows it: `{brand}` and `{email}` filled in as
 * text (escaped, so a brand name can never add markup), then through the posts' allow-list
 * sanitizer, as post bodies are when rendered (app/domain/posts/sanitize.server.ts).
 */
export function renderLegalHtml(html: string, fill: { brand: string; email: string }): string {
  const filled = html
    .replaceAll("{brand}", escapeHtml(fill.brand))
    .replaceAll("{email}", escapeHtml(fill.email));
  return sanitizePostHtml(filled);
}

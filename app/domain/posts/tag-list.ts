/**
 * Comma-separated category/tag lists of the post editor: entries are trimmed, empty ones dropped
 * and duplicates (compared case-insensitively) removed, keeping the first spelling.
 */
export function parseTagList(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const raw of (text ?? "").split(",")) {
    const entry = raw.trim().replace(/\s+/g, " ");
    const key = entry.toLowerCase();
    if (!entry || seen.has(key)) continue;
    seen.add(key);
    list.push(entry);
  }
  return list;
}

/** The editor's text for a stored list: `["Web", "SEO"]` → `"Web, SEO"`. */
export function formatTagList(list: readonly string[] | null | undefined): string {
  return (list ?? []).join(", ");
}

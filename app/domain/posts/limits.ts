/** Bounds of the post editor's fields, shared by the server schema and the form (plain data). */
export const POST_LIMITS = {
  title: 200,
  excerpt: 500,
  /** Bytes of (sanitized) HTML content: 200 KB, as the database's check constraint. */
  contentBytes: 200 * 1024,
  coverImage: 2048,
  /** Entries of the categories / tags lists, and the length of each entry. */
  listEntries: 20,
  listEntry: 50,
  /** The raw comma-separated text of a list. */
  listText: 2000,
} as const;

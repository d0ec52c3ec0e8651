/** Average adult silent-reading speed used for the "N min" read time of a post. */
export const WORDS_PER_MINUTE = 200;

/** Visible words of an HTML fragment (tags, comments and entities do not count). */
export function countWords(html: string): number {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[#a-z0-9]+;/gi, " ");
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return words ? words.length : 0;
}

/** Read time of a post's HTML content, rounded up, at least one minute: "N min". */
export function readTime(html: string): string {
  const minutes = Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE));
  return `${minutes} min`;
}

/**
 * Tells the Node server that published content changed (a post was created, edited, published,
 * unpublished or deleted), so cached anonymous pages are dropped at once. The server listens on
 * the process object because it loads the app as a separate build.
 */
export const CONTENT_CHANGED_EVENT = "agency:content-changed";

export function announceContentChanged(): void {
  process.emit(CONTENT_CHANGED_EVENT as "warning", new Error("content changed") as never);
}

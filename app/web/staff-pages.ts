/**
 * The admin pages agency staff open too (issue 41: staff work on the clients they are assigned
 * to and manage no people, site content or money settings; issue 43): the quotes and invoices
 * of their clients — read, drafted, sent and issued as the permission table lets them
 * (app/domain/access/permissions.ts: quote and invoice read/create/update `own`) — and the
 * payments made to those clients, read only. What they see on each page is the database's
 * answer to their own session (RLS: `own` = the organisations they are assigned to); another
 * client's document is not found (404). Every other admin page stays for administrators.
 */
const STAFF_PAGES: readonly RegExp[] = [
  /^\/admin\/quotes(?:\/[^/]+)?$/,
  /^\/admin\/invoices(?:\.csv|\/[^/]+|\/[^/]+\/pdf)?$/,
  /^\/admin\/payments$/,
  /^\/admin\/clients\/[^/]+\/invoices\/new$/,
];

/** The sections of the admin navigation staff are shown (ADMIN_SECTIONS' `to`). */
export const STAFF_SECTIONS: readonly string[] = [
  "/admin/quotes",
  "/admin/invoices",
  "/admin/payments",
];

/** Whether staff may open `pathname` (a page's path: no `.data` suffix). */
export function staffMayOpen(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return STAFF_PAGES.some((page) => page.test(path));
}

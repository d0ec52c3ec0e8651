import { refuseClientViewPost } from "~/web/client-view.server";
import { invoicesView } from "~/web/client-view-pages.server";
import type { Route } from "./+types/client-invoices-view";

/**
 * The client's portal as its members see it, for the agency: the organisation's invoices and credit notes,
 * read only and audited (app/web/client-view-pages.server.ts); another client's ids answer 404.
 */
export function loader(args: Route.LoaderArgs) {
  return invoicesView(args);
}

/** Read-only: every post answers 403 and changes nothing. */
export function action(_args: Route.ActionArgs): never {
  return refuseClientViewPost();
}

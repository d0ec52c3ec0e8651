import { refuseClientViewPost } from "~/web/client-view.server";
import { quoteView } from "~/web/client-view-pages.server";
import type { Route } from "./+types/client-quote-view";

/**
 * The client's portal as its members see it, for the agency: one sent quote and its answer (no accept or decline form),
 * read only and audited (app/web/client-view-pages.server.ts); another client's ids answer 404.
 */
export function loader(args: Route.LoaderArgs) {
  return quoteView(args);
}

/** Read-only: every post answers 403 and changes nothing. */
export function action(_args: Route.ActionArgs): never {
  return refuseClientViewPost();
}

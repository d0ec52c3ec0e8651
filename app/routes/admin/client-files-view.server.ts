import { refuseClientViewPost } from "~/web/client-view.server";
import { filesView } from "~/web/client-view-pages.server";
import type { Route } from "./+types/client-files-view";

/**
 * The client's portal as its members see it, for the agency: the project's Files page (its files, each a download; no upload),
 * read only and audited (app/web/client-view-pages.server.ts); another client's ids answer 404.
 */
export function loader(args: Route.LoaderArgs) {
  return filesView(args);
}

/** Read-only: every post answers 403 and changes nothing. */
export function action(_args: Route.ActionArgs): never {
  return refuseClientViewPost();
}

import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Unknown paths and /404 answer a real 404 (rendered by the root ErrorBoundary). */
export function loader({ url }: Route.LoaderArgs) {
  console.warn(`404 Not Found: ${url.pathname}`);
  throw data({ path: url.pathname }, { status: 404 });
}

export function action({ url }: Route.ActionArgs) {
  throw data({ path: url.pathname }, { status: 404 });
}

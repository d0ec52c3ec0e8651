import type { Route } from "./+types/unsubscribe";
import { linkAction, linkLoader } from "./link.server";

export function loader({ url }: Route.LoaderArgs) {
  return linkLoader("unsubscribe", url);
}

export function action({ request, url }: Route.ActionArgs) {
  return linkAction("unsubscribe", request, url);
}

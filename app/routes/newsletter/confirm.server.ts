import type { Route } from "./+types/confirm";
import { linkAction, linkLoader } from "./link.server";

export function loader({ url }: Route.LoaderArgs) {
  return linkLoader("confirm", url);
}

export function action({ request, url }: Route.ActionArgs) {
  return linkAction("confirm", request, url);
}

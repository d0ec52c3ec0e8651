import { confirmLoader } from "~/lib/account-session.server";
import type { Route } from "./+types/confirm";

/** E-mail confirmation, password-recovery and OAuth return links (always a redirect). */
export function loader({ url, context }: Route.LoaderArgs) {
  return confirmLoader({ url, context });
}

import { bundle } from "~/i18n/translate.server";
import { adminOnly } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/layout";

/**
 * The admin area (app/routes.ts mounts every /admin route under this layout): the rule
 * "administrators only" is enforced here once, for every loader and action below (the root's
 * middleware then gives the answer the admin pass: app/web/admin-pass.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

/**
 * The words every admin page shares (the tab bar, lists, the office pages) in the admin's
 * language: the `lang` cookie, as the root's shell on /admin (app/root.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return { i18n: bundle(adminLocale(request), ["adminOffice"]) };
}

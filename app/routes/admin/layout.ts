import { bundle } from "~/i18n/translate.server";
import { adminOnly } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import { STAFF_SECTIONS } from "~/web/staff-pages";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/layout";

/**
 * The admin area (app/routes.ts mounts every /admin route under this layout): the rule
 * "administrators only" is enforced here once, for every loader and action below (the root's
 * middleware then gives the answer the admin pass: app/web/admin-pass.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

/**
 * The words every admin page shares (the tab bar, lists, the office pages) in the admin's
 * language: the `lang` cookie, as the root's shell on /admin (app/root.server.ts); and the
 * sections the navigation offers — all of them to administrators (null), to staff the pages
 * they open (app/web/staff-pages.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { isAdmin } = context.get(viewerContext);
  return {
    i18n: bundle(adminLocale(request), ["adminOffice"]),
    sections: isAdmin ? null : STAFF_SECTIONS,
  };
}

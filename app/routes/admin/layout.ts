import { keepAdminPass } from "~/web/admin-pass.server";
import { adminOnly } from "~/web/session.server";
import type { Route } from "./+types/layout";

/**
 * The admin area (app/routes.ts mounts every /admin route under this layout): the rule
 * "administrators only" is enforced here once, for every loader and action below; then the
 * answer carries the admin pass that gives the administrator's posts their reserved share of
 * the server's form gate (priority only, never access).
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly, keepAdminPass];

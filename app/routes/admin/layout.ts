import { adminOnly } from "~/web/session.server";
import type { Route } from "./+types/layout";

/**
 * The admin area (app/routes.ts mounts every /admin route under this layout): the rule
 * "administrators only" is enforced here once, for every loader and action below (the root's
 * middleware then gives the answer the admin pass: app/web/admin-pass.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

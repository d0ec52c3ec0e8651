import { adminOnly } from "~/infra/session.server";
import type { Route } from "./+types/layout";

/**
 * The admin area (app/routes.ts mounts every /admin route under this layout): the rule
 * "administrators only" is enforced here once, for every loader and action below.
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

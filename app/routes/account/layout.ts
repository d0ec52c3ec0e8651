import { signedInOnly } from "~/web/session.server";
import type { Route } from "./+types/layout";

/**
 * The account pages (app/routes.ts mounts them under this layout in every language): the rule
 * "signed in" is enforced here once, for every loader and action below.
 */
export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

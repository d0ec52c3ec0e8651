import { signedInToPost } from "~/web/session.server";
import type { Route } from "./+types/forms-layout";

/**
 * The pages whose posts need a session (app/routes.ts: the account forms shown over every page,
 * onboarding and e-mail banner, and the new password's page): posting needs one, enforced here
 * once, and the viewer is then in the router context; a GET is the page's own (its loader
 * decides: the forms go home, /reset-password without a session to /forgot-password).
 */
export const middleware: Route.MiddlewareFunction[] = [signedInToPost];

import { signedInToPost } from "~/web/session.server";
import type { Route } from "./+types/forms-layout";

/**
 * The account forms shown over every page (onboarding, e-mail banner; app/routes.ts): posting
 * one needs a session, enforced here once; a GET goes home for everyone, as their loaders say.
 */
export const middleware: Route.MiddlewareFunction[] = [signedInToPost];

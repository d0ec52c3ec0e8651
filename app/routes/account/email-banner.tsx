import { privateFormHeaders } from "~/infra/cache-policy";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers = privateFormHeaders;

export { action, loader } from "./email-banner.server";

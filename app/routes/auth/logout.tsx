import { privateFormHeaders } from "~/infra/cache-policy";

/** Personal page: never cached. */
export const headers = privateFormHeaders;

export { action, loader } from "./logout.server";

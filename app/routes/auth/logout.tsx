import { privateFormHeaders } from "~/infra/http-policy";

/** Personal page: never cached. */
export const headers = privateFormHeaders;

export { action, loader } from "./logout.server";

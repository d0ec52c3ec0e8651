/**
 * /mailbox routes: GET /mailbox (HTML), GET/DELETE/POST /mailbox/messages.json, and GET
 * /mailbox/messages/<id>/attachments/<n> (an attachment's bytes, as a download).
 *
 * The mailbox stands in for SMTP during development and tests, on the backend's own loopback
 * origin only, so that a page on another site can neither read nor change it:
 * - no CORS headers, ever (a preflight is refused), and Cross-Origin-Resource-Policy;
 * - the Host must be one of the backend's own addresses (DNS rebinding);
 * - a request a browser marks as coming from elsewhere (Origin, Sec-Fetch-Site) gets 403,
 *   except a top-level navigation to the HTML page;
 * - POST stores a mail like an auth e-mail, with the service-role key only, its body within
 *   MAILBOX_BODY_BYTES (room for the attachments mailbox-input.ts allows, about 15 MB);
 * - an attachment is answered as a download (Content-Disposition: attachment, nosniff, a
 *   sandboxing CSP), under the page's rules.
 * Header-less requests (tests, scripts, curl on the machine) work unchanged.
 */
import type { ApiRequest } from "./api-request.ts";
import { type ApiResult, jsonResult } from "./api-result.ts";
import type { BackendContext } from "./context.ts";
import { BodyTooLargeError } from "./http.ts";
import {
  clearMail,
  listMail,
  logMail,
  readAttachment,
  renderMailboxPage,
  storeMail,
} from "./mailbox.ts";
import { MAILBOX_BODY_BYTES, MailInputError, parseMailInput } from "./mailbox-input.ts";
import { compileRoutes, type Params, type Route, route } from "./route-table.ts";

const COMMON_HEADERS = {
  "Cache-Control": "no-store",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
};
const PAGE_HEADERS = {
  ...COMMON_HEADERS,
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** The origins this backend answers as: its URL and the loopback names of its port. */
function ownOrigins(ctx: BackendContext): Set<string> {
  const api = new URL(ctx.apiUrl);
  const port = api.port ? `:${api.port}` : "";
  const loopback = ["127.0.0.1", "localhost", "[::1]"].map((host) => `http://${host}${port}`);
  return new Set([api.origin, ...loopback]);
}

/** Why the request is refused, or null. */
function refusal(request: ApiRequest, ctx: BackendContext, isPage: boolean): string | null {
  const { header } = request;
  const origins = ownOrigins(ctx);
  const host = header("host")?.toLowerCase();
  if (!host || !origins.has(`http://${host}`)) {
    return "The mailbox answers only on the backend's own address";
  }
  const reading = request.method === "GET" || request.method === "HEAD";
  const navigation = reading && isPage && header("sec-fetch-mode") === "navigate";
  if (navigation) return null;
  const site = header("sec-fetch-site");
  const origin = header("origin")?.toLowerCase();
  if ((site && site !== "same-origin" && site !== "none") || (origin && !origins.has(origin))) {
    return "Cross-origin mailbox requests are refused";
  }
  return null;
}

const answer = (status: number, body: unknown) => jsonResult(status, body, COMMON_HEADERS);

/** The mailbox's `serviceRole` guard: the Bearer token, else the apikey, must be service_role's. */
async function serviceRoleRefusal(
  ctx: BackendContext,
  request: ApiRequest,
): Promise<ApiResult | null> {
  const key = request.bearer ?? request.apikey;
  if (!key) return answer(401, { message: "No API key found in request" });
  const result = await ctx.keys.verify(key);
  if (!result.ok) return answer(401, { message: "Invalid API key" });
  if (result.claims.role !== "service_role") {
    return answer(403, { message: "Posting to the mailbox requires the service_role key" });
  }
  return null;
}

type MailboxHandler = (
  request: ApiRequest,
  ctx: BackendContext,
  params: Params,
) => Promise<ApiResult>;

const listJson: MailboxHandler = async (_request, ctx) =>
  answer(200, await listMail(ctx.db, ctx.apiUrl));

/** A whole number written plainly (no sign, no leading zeros), or null. */
function index(text: string | undefined): number | null {
  if (!text || !/^(0|[1-9]\d{0,8})$/.test(text)) return null;
  return Number(text);
}

/** `filename="…"` in ASCII (quotes and non-ASCII replaced) and `filename*` in UTF-8 (RFC 6266). */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  // RFC 5987's attr-char has no ' ( ) *, which encodeURIComponent leaves as they are.
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const download: MailboxHandler = async (_request, ctx, params) => {
  const mailId = index(params.id);
  const position = index(params.n);
  const file =
    mailId === null || position === null ? null : await readAttachment(ctx.db, mailId, position);
  if (!file) return answer(404, { message: "No such attachment" });
  return {
    status: 200,
    headers: {
      ...COMMON_HEADERS,
      "Content-Type": file.contentType,
      "Content-Disposition": disposition(file.filename),
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
    raw: file.content,
  };
};

const page: MailboxHandler = async (_request, ctx) => ({
  status: 200,
  headers: PAGE_HEADERS,
  raw: renderMailboxPage(await listMail(ctx.db)),
});

const clear: MailboxHandler = async (_request, ctx) => {
  await clearMail(ctx.db);
  return { status: 204, headers: COMMON_HEADERS };
};

/** A `serviceRole` route: handleMailbox checked the key. */
const postMail: MailboxHandler = async (request, ctx) => {
  let text: string;
  try {
    text = await request.text(MAILBOX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return answer(413, { message: error.message });
  }
  try {
    const mail = parseMailInput(text);
    const stored = await ctx.db.transaction((tx) => storeMail(tx, mail, ctx.apiUrl));
    logMail(ctx, stored);
    return answer(201, stored);
  } catch (error) {
    if (!(error instanceof MailInputError)) throw error;
    return answer(400, { message: error.message });
  }
};

const JSON_PATH = "/mailbox/messages.json";

export type MailboxRoute = Route<MailboxHandler, "open" | "serviceRole">;

/** The mailbox's routes; a 405's `Allow` lists a path's methods in this order. */
export const MAILBOX_ROUTES: readonly MailboxRoute[] = [
  route("GET HEAD", "/mailbox", "open", page),
  route("GET HEAD", "/mailbox/", "open", page),
  route("GET HEAD", JSON_PATH, "open", listJson),
  route("POST", JSON_PATH, "serviceRole", postMail),
  route("DELETE", JSON_PATH, "open", clear),
  route("GET HEAD", "/mailbox/messages/:id/attachments/:n", "open", download),
];

const MAILBOX_TABLE = compileRoutes(MAILBOX_ROUTES);

/** True for the paths the mailbox answers. */
export const isMailboxPath = (path: string) => MAILBOX_TABLE.hasPath(path);

/** Answers a mailbox path (`isMailboxPath`): origin checks first, then the route and its guard. */
export async function handleMailbox(request: ApiRequest, ctx: BackendContext): Promise<ApiResult> {
  const refused = refusal(request, ctx, request.path !== JSON_PATH);
  const match = MAILBOX_TABLE.match(request.method, request.path);
  if (!refused && match.kind === "found") {
    const guarded = match.route.guard === "serviceRole";
    const denied = guarded ? await serviceRoleRefusal(ctx, request) : null;
    if (!denied) return match.route.handler(request, ctx, match.params);
    request.discard();
    return denied;
  }
  request.discard();
  if (refused) return answer(403, { message: refused });
  const allow = match.kind === "missed" ? match.allowed.join(", ") : "";
  return jsonResult(405, { message: "Method not allowed" }, { ...COMMON_HEADERS, Allow: allow });
}

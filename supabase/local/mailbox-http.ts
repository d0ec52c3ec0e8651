/**
 * /mailbox routes: GET /mailbox (HTML), GET/DELETE/POST /mailbox/messages.json.
 *
 * The mailbox stands in for SMTP during development and tests, on the backend's own loopback
 * origin only, so that a page on another site can neither read nor change it:
 * - no CORS headers, ever (a preflight is refused), and Cross-Origin-Resource-Policy;
 * - the Host must be one of the backend's own addresses (DNS rebinding);
 * - a request a browser marks as coming from elsewhere (Origin, Sec-Fetch-Site) gets 403,
 *   except a top-level navigation to the HTML page;
 * - POST stores a mail like an auth e-mail, with the service-role key only.
 * Header-less requests (tests, scripts, curl on the machine) work unchanged.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BackendContext } from "./context.ts";
import { BodyTooLargeError, headerValue, readBody, send, sendJson } from "./http.ts";
import { bearerToken } from "./jwt.ts";
import { clearMail, listMail, logMail, renderMailboxPage, storeMail } from "./mailbox.ts";
import { MailInputError, parseMailInput } from "./mailbox-input.ts";

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
function refusal(req: IncomingMessage, ctx: BackendContext, isPage: boolean): string | null {
  const origins = ownOrigins(ctx);
  const host = headerValue(req, "host")?.toLowerCase();
  if (!host || !origins.has(`http://${host}`)) {
    return "The mailbox answers only on the backend's own address";
  }
  const reading = req.method === "GET" || req.method === "HEAD";
  const navigation = reading && isPage && headerValue(req, "sec-fetch-mode") === "navigate";
  if (navigation) return null;
  const site = headerValue(req, "sec-fetch-site");
  const origin = headerValue(req, "origin")?.toLowerCase();
  if ((site && site !== "same-origin" && site !== "none") || (origin && !origins.has(origin))) {
    return "Cross-origin mailbox requests are refused";
  }
  return null;
}

/** The role of the Bearer token, else of the apikey header, must be service_role. */
async function serviceRoleRefusal(
  ctx: BackendContext,
  req: IncomingMessage,
): Promise<{ status: number; message: string } | null> {
  const key = bearerToken(req.headers.authorization) ?? headerValue(req, "apikey");
  if (!key) return { status: 401, message: "No API key found in request" };
  const result = await ctx.keys.verify(key);
  if (!result.ok) return { status: 401, message: "Invalid API key" };
  if (result.claims.role !== "service_role") {
    return { status: 403, message: "Posting to the mailbox requires the service_role key" };
  }
  return null;
}

async function postMail(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
): Promise<void> {
  const denied = await serviceRoleRefusal(ctx, req);
  if (denied) {
    req.resume();
    return sendJson(res, denied.status, { message: denied.message }, COMMON_HEADERS);
  }
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return sendJson(res, 413, { message: error.message }, COMMON_HEADERS);
  }
  try {
    const mail = parseMailInput(text);
    const stored = await ctx.db.transaction((tx) => storeMail(tx, mail));
    logMail(ctx, stored);
    sendJson(res, 201, stored, COMMON_HEADERS);
  } catch (error) {
    if (!(error instanceof MailInputError)) throw error;
    sendJson(res, 400, { message: error.message }, COMMON_HEADERS);
  }
}

/** Handles /mailbox routes; returns false when the path is not a mailbox path. */
export async function handleMailbox(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
  pathname: string,
): Promise<boolean> {
  const isPage = pathname === "/mailbox" || pathname === "/mailbox/";
  const isJson = pathname === "/mailbox/messages.json";
  if (!isPage && !isJson) return false;
  const refused = refusal(req, ctx, isPage);
  const method = req.method ?? "GET";
  if (refused) {
    req.resume();
    sendJson(res, 403, { message: refused }, COMMON_HEADERS);
  } else if (method === "GET" || method === "HEAD") {
    const mails = await listMail(ctx.db);
    if (isPage) send(res, 200, renderMailboxPage(mails), PAGE_HEADERS);
    else sendJson(res, 200, mails, COMMON_HEADERS);
  } else if (isJson && method === "DELETE") {
    await clearMail(ctx.db);
    send(res, 204, undefined, COMMON_HEADERS);
  } else if (isJson && method === "POST") {
    await postMail(req, res, ctx);
  } else {
    req.resume();
    const allow = isPage ? "GET, HEAD" : "GET, HEAD, POST, DELETE";
    sendJson(res, 405, { message: "Method not allowed" }, { ...COMMON_HEADERS, Allow: allow });
  }
  return true;
}

/**
 * The body of POST /mailbox/messages.json: `{to, subject, text, html?, links?, headers?}`,
 * checked strictly (the web app stores its own mails here in embedded mode).
 */
import { escapeHtml, isPlainObject } from "./http.ts";
import type { OutgoingMail } from "./mailbox.ts";

const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+$/;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const LINE_BREAK = /[\r\n]/;
const LIMITS = { subject: 998, text: 200_000, html: 500_000, links: 50, link: 2048, headers: 50 };

export class MailInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MailInputError";
  }
}

function requiredString(body: Record<string, unknown>, key: string, max: number): string {
  const value = body[key];
  if (typeof value !== "string" || value.trim() === "") {
    throw new MailInputError(`"${key}" must be a non-empty string`);
  }
  if (value.length > max) throw new MailInputError(`"${key}" is longer than ${max} characters`);
  return value;
}

function links(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > LIMITS.links) {
    throw new MailInputError(`"links" must be an array of at most ${LIMITS.links} URLs`);
  }
  return value.map((link) => {
    if (typeof link !== "string" || link.length > LIMITS.link || !/^https?:\/\//i.test(link)) {
      throw new MailInputError('"links" may only hold http(s) URLs');
    }
    return link;
  });
}

function headers(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value) || Object.keys(value).length > LIMITS.headers) {
    throw new MailInputError(`"headers" must be an object of at most ${LIMITS.headers} headers`);
  }
  const result: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (!HEADER_NAME.test(name) || typeof text !== "string" || text.length > 1000) {
      throw new MailInputError(`header "${name}" is not a valid header`);
    }
    if (LINE_BREAK.test(text)) throw new MailInputError(`header "${name}" contains a line break`);
    result[name] = text;
  }
  return result;
}

export function parseMailInput(text: string): OutgoingMail {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new MailInputError("The body must be JSON");
  }
  if (!isPlainObject(body)) throw new MailInputError("The body must be a JSON object");
  const to = requiredString(body, "to", 254).trim();
  if (!EMAIL.test(to)) throw new MailInputError('"to" must be one e-mail address');
  const subject = requiredString(body, "subject", LIMITS.subject);
  if (LINE_BREAK.test(subject)) throw new MailInputError('"subject" contains a line break');
  const textBody = requiredString(body, "text", LIMITS.text);
  const html =
    body.html === undefined || body.html === null
      ? `<pre>${escapeHtml(textBody)}</pre>`
      : requiredString(body, "html", LIMITS.html);
  return {
    to,
    subject,
    text: textBody,
    html,
    links: links(body.links),
    headers: headers(body.headers),
  };
}

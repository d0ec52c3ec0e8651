/**
 * The body of POST /mailbox/messages.json: `{to, subject, text, html?, links?, headers?,
 * attachments?}`, checked strictly (the web app stores its own mails here in embedded mode).
 * `attachments`: at most 5 `{filename, contentType, content}` with `content` in base64, each at
 * most 2 MB decoded, a plain file name (no path separators, no control characters) and a type of
 * ATTACHMENT_TYPES; the POST's body limit (MAILBOX_BODY_BYTES) leaves room for exactly that.
 */
import { escapeHtml, isPlainObject, MAX_BODY_BYTES } from "./http.ts";
import type { MailAttachmentInput, OutgoingMail } from "./mailbox.ts";

const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+$/;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const LINE_BREAK = /[\r\n]/;
const LIMITS = { subject: 998, text: 200_000, html: 500_000, links: 50, link: 2048, headers: 50 };

export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_TYPES: readonly string[] = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "text/calendar",
  "text/csv",
];
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
/**
 * The POST's body limit: the usual 1 MB for the mail itself plus the most attachments in base64
 * (about 15 MB); a body declaring more is refused before it is read.
 */
export const MAILBOX_BODY_BYTES =
  MAX_BODY_BYTES + MAX_ATTACHMENTS * base64Length(MAX_ATTACHMENT_BYTES);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Path separators, C0/C1 controls, DEL, and the Unicode line and bidi-override marks. */
const UNSAFE_NAME = /[/\\\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

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

function attachment(value: unknown, index: number): MailAttachmentInput {
  const which = `attachment ${index + 1}`;
  if (!isPlainObject(value)) {
    throw new MailInputError(`${which} must be an object {filename, contentType, content}`);
  }
  const { filename, contentType, content } = value;
  if (typeof filename !== "string" || filename.trim() === "" || filename.length > 255) {
    throw new MailInputError(`${which}: "filename" must be a file name of 1 to 255 characters`);
  }
  if (UNSAFE_NAME.test(filename) || filename === "." || filename === "..") {
    throw new MailInputError(
      `${which}: "filename" must be a plain file name, without path separators or control characters`,
    );
  }
  const type = typeof contentType === "string" ? contentType.trim().toLowerCase() : "";
  if (!ATTACHMENT_TYPES.includes(type)) {
    throw new MailInputError(
      `${which}: "contentType" must be one of ${ATTACHMENT_TYPES.join(", ")}`,
    );
  }
  if (typeof content !== "string" || !BASE64.test(content)) {
    throw new MailInputError(`${which}: "content" must be the file's bytes in base64`);
  }
  if (content.length > base64Length(MAX_ATTACHMENT_BYTES)) {
    throw new MailInputError(`${which} is larger than ${MAX_ATTACHMENT_BYTES} bytes`);
  }
  const bytes = Buffer.from(content, "base64");
  if (bytes.byteLength > MAX_ATTACHMENT_BYTES) {
    throw new MailInputError(`${which} is larger than ${MAX_ATTACHMENT_BYTES} bytes`);
  }
  return { filename, contentType: type, content: new Uint8Array(bytes) };
}

function attachments(value: unknown): MailAttachmentInput[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_ATTACHMENTS) {
    throw new MailInputError(`"attachments" must be an array of at most ${MAX_ATTACHMENTS} files`);
  }
  return value.map(attachment);
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
    attachments: attachments(body.attachments),
  };
}

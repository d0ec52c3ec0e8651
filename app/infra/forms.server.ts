import { parseWithZod } from "@conform-to/zod/v4";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { z } from "zod";
import { localeOf } from "~/i18n/page.server";
import { translate } from "~/i18n/translate.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { clipCodePoints } from "~/lib/text";
import { type FieldRules, fieldRulesOf, simpleRules } from "./form-fields.server";

/** The honeypot field of every public form (a static field: pages stay cacheable). */
export const honeypot = new Honeypot({ nameFieldName: HONEYPOT_FIELD, validFromFieldName: null });

let honeypotProps: ReturnType<Honeypot["getInputProps"]> | undefined;

/**
 * The honeypot's input props. With no "valid from" field they never change, but
 * `getInputProps()` still encrypts a timestamp (Web Crypto, ~0.7 ms a page): made once.
 */
export function honeypotInputProps(): ReturnType<Honeypot["getInputProps"]> {
  honeypotProps ??= honeypot.getInputProps();
  return honeypotProps;
}

/** Bounds checked before anything else looks at a submission. */
export const FORM_LIMITS = { fields: 100, nameBytes: 100 } as const;

/** A submission refused before validation: nothing of it is echoed back. */
export interface FormRejection {
  ok: false;
  reason: "malformed" | "spam";
  message: string;
}

export interface ReadOptions {
  /** Check the honeypot field (public forms). */
  honeypot?: boolean;
  /** Field names the form posts besides the schema's (buttons, hidden fields), with repeats. */
  extra?: Record<string, number>;
  /** Accept multipart bodies (forms that upload files); others are url-encoded only. */
  multipart?: boolean;
  /**
   * Fields a submission may have, when the form has more than FORM_LIMITS.fields (the site
   * editors' repeatable rows); still bounded by `rules`, each name at most its repeats.
   */
  maxFields?: number;
}

const reject = (message: string, reason: FormRejection["reason"] = "malformed"): FormRejection => ({
  ok: false,
  reason,
  message,
});

/** Counts occurrences of `needle` in `haystack`, stopping once `limit` is passed. */
function countUpTo(haystack: Buffer, needle: Buffer, limit: number): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (++count > limit) return count;
  }
  return count;
}

function urlEncodedEntries(body: Buffer, maxFields: number): [string, FormDataEntryValue][] | null {
  // `a&&&&…` would cost nothing to count but a great deal to expand: refuse it first.
  if (countUpTo(body, Buffer.from("&"), maxFields * 2) > maxFields * 2) return null;
  return [...new URLSearchParams(body.toString("utf8"))];
}

async function multipartEntries(
  body: Buffer,
  type: string,
  maxFields: number,
): Promise<[string, FormDataEntryValue][] | null> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  if (countUpTo(body, Buffer.from(`--${marker}`), maxFields + 1) > maxFields + 1) return null;
  const parsed = await new Response(new Uint8Array(body), {
    headers: { "Content-Type": type },
  }).formData();
  return [...parsed];
}

/** Whether every entry is a known name, short enough, and repeated no more than allowed. */
function entriesAllowed(
  entries: [string, FormDataEntryValue][],
  rules: FieldRules,
  maxFields: number,
): boolean {
  if (entries.length > maxFields) return false;
  const seen = new Map<string, number>();
  for (const [name] of entries) {
    if (Buffer.byteLength(name, "utf8") > FORM_LIMITS.nameBytes) return false;
    const rule = rules.get(name);
    const count = (seen.get(name) ?? 0) + 1;
    if (rule === undefined || count > rule.repeats) return false;
    seen.set(name, count);
  }
  return true;
}

/**
 * A value cut to what its field can hold plus one character (code points, never half an emoji:
 * the value stays well-formed): validation still says "at most N characters", and a megabyte
 * typed into a 100-character field is never echoed or re-rendered.
 */
function clipped(value: FormDataEntryValue, maxLength: number): FormDataEntryValue {
  return typeof value === "string" ? clipCodePoints(value, maxLength) : value;
}

/**
 * Reads a form body against the field names it may contain — before any other work. Anything
 * that is not a well-formed url-encoded or multipart form, has more than 100 fields, a name over
 * 100 bytes, a name the form does not have (`remember[100000000]`, `a.b`) or a field repeated
 * more often than the form allows is refused, and nothing of it is echoed back.
 */
export async function readForm(
  request: Request,
  rules: FieldRules,
  options: ReadOptions = {},
): Promise<{ ok: true; formData: FormData } | FormRejection> {
  const say = (key: "validation.unreadable" | "validation.wrongContentType" | "validation.spam") =>
    translate(localeOf(request), key);
  const type = request.headers.get("Content-Type") ?? "";
  const urlEncoded = type.startsWith("application/x-www-form-urlencoded");
  const multipart = options.multipart === true && type.startsWith("multipart/form-data");
  if (!urlEncoded && !multipart) return reject(say("validation.wrongContentType"));
  const maxFields = options.maxFields ?? FORM_LIMITS.fields;
  let entries: [string, FormDataEntryValue][] | null;
  try {
    const body = Buffer.from(await request.arrayBuffer());
    entries = urlEncoded
      ? urlEncodedEntries(body, maxFields)
      : await multipartEntries(body, type, maxFields);
  } catch {
    return reject(say("validation.unreadable"));
  }
  const allowed = new Map(rules);
  if (options.honeypot) allowed.set(HONEYPOT_FIELD, { repeats: 1, maxLength: 1024 });
  if (!entries || !entriesAllowed(entries, allowed, maxFields))
    return reject(say("validation.unreadable"));

  const formData = new FormData();
  for (const [name, value] of entries) {
    formData.append(name, clipped(value, allowed.get(name)?.maxLength ?? 0));
  }
  if (options.honeypot) {
    try {
      await honeypot.check(formData);
    } catch (error) {
      if (error instanceof SpamError) return reject(say("validation.spam"), "spam");
      throw error;
    }
  }
  formData.delete(HONEYPOT_FIELD);
  return { ok: true, formData };
}

const rulesBySchema = new WeakMap<z.ZodType, FieldRules>();

function rulesFor(schema: z.ZodType, extra: Record<string, number> = {}): FieldRules {
  let rules = rulesBySchema.get(schema);
  if (!rules) {
    rules = fieldRulesOf(schema);
    rulesBySchema.set(schema, rules);
  }
  if (Object.keys(extra).length === 0) return rules;
  return new Map([...rules, ...simpleRules(extra)]);
}

export { simpleRules };

/**
 * The one way a form is read: the body checked against the schema's field names (and the
 * honeypot), then validated with the schema (Conform + Zod). Returns the Conform submission
 * (valid or not, with `reply()` for the form) or a rejection.
 */
export async function readSubmission<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  options: ReadOptions = {},
) {
  const form = await readForm(request, rulesFor(schema, options.extra), options);
  if (!form.ok) return form;
  const submission = parseWithZod(form.formData, { schema });
  return { ok: true as const, submission, formData: form.formData };
}

/**
 * Validates a form read by `readSubmission` again, after the action changed a value (e.g. an
 * uploaded cover replaced the typed cover URL).
 */
export function validateForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

/**
 * The Content-Type of stored objects, decided from the bucket's `allowed_mime_types`.
 *
 * On upload the declared type must be a well-formed `type/subtype` the bucket allows (an entry,
 * or a `type/*` wildcard) — anything else is refused with 415 as hosted Storage refuses it. It is
 * stored lowercased and without parameters: `image/jpeg; charset=utf-8;x=y` becomes
 * `image/jpeg` (hosted Storage refuses such a value outright; the embedded backend keeps the
 * upload and drops what no image needs). In a bucket that allows any type only a `charset` is
 * kept, which text needs.
 *
 * On download the stored type is checked again against the bucket as it is now, so an object
 * copied in from another bucket, or stored before this rule, is served as
 * `application/octet-stream` unless the bucket allows its type. Every Storage answer also
 * carries `X-Content-Type-Options: nosniff` (router.ts), so a browser never guesses another type.
 */
import { storageErrors } from "./errors.ts";

const OCTET_STREAM = "application/octet-stream";
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const ESSENCE = new RegExp(`^${TOKEN}/${TOKEN}$`);
const CHARSET = new RegExp(`^charset\\s*=\\s*"?(${TOKEN})"?$`);

interface MediaType {
  /** `type/subtype`, lowercased. */
  essence: string;
  charset: string | undefined;
}

function parse(value: unknown): MediaType | null {
  if (typeof value !== "string") return null;
  const [first = "", ...params] = value.toLowerCase().split(";");
  const essence = first.trim();
  if (!ESSENCE.test(essence)) return null;
  const charset = params.map((param) => CHARSET.exec(param.trim())?.[1]).find(Boolean);
  return { essence, charset };
}

/** Whether the bucket takes `essence`: no list means any type. */
function allows(allowed: string[] | null, essence: string): boolean {
  if (!allowed?.length) return true;
  const [type] = essence.split("/");
  return allowed.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    return wanted === essence || wanted === `${type}/*`;
  });
}

function normalised(type: MediaType, allowed: string[] | null): string {
  if (allowed?.length || !type.charset) return type.essence;
  return `${type.essence}; charset=${type.charset}`;
}

/** The type to store for an upload declared as `declared`, or a 415 StorageError. */
export function storedContentType(declared: string, allowed: string[] | null): string {
  const type = parse(declared);
  if (!type || !allows(allowed, type.essence)) throw storageErrors.invalidMime(declared);
  return normalised(type, allowed);
}

/** The type to answer for an object stored as `stored` in a bucket allowing `allowed`. */
export function servedContentType(stored: unknown, allowed: string[] | null): string {
  const type = parse(stored);
  if (!type || !allows(allowed, type.essence)) return OCTET_STREAM;
  return normalised(type, allowed);
}

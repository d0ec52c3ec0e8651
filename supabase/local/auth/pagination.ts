/**
 * Offset pagination of GET /admin/users as GoTrue's pagination.go does it: `page` and
 * `per_page` are unsigned 64-bit decimals (strconv.ParseUint), anything else is a 400 with Go's
 * error text; the Link header repeats the request's query with `page` replaced.
 */
import { validationFailed } from "./errors.ts";

const MAX_UINT64 = 2n ** 64n - 1n;
const DEFAULT_PER_PAGE = 50n;

const GO_ESCAPES: Record<string, string> = {
  "\x07": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  '"': '\\"',
  "\\": "\\\\",
};

/** Go's strconv.Quote (%q) for the text of a parse error. */
function goQuote(value: string): string {
  let quoted = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    const hex = (digits: number) => code.toString(16).padStart(digits, "0");
    if (GO_ESCAPES[char]) quoted += GO_ESCAPES[char];
    else if (char === " " || /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(char)) quoted += char;
    else if (code < 0x80) quoted += `\\x${hex(2)}`;
    else if (code < 0x10000) quoted += `\\u${hex(4)}`;
    else quoted += `\\U${hex(8)}`;
  }
  return `"${quoted}"`;
}

const badPagination = (detail: string) => validationFailed(`Bad Pagination Parameters: ${detail}`);

function parseUint(value: string | null, fallback: bigint): bigint {
  if (value === null || value === "") return fallback;
  const failure = (reason: string) =>
    badPagination(`strconv.ParseUint: parsing ${goQuote(value)}: ${reason}`);
  if (!/^[0-9]+$/.test(value)) throw failure("invalid syntax");
  const parsed = BigInt(value);
  if (parsed > MAX_UINT64) throw failure("value out of range");
  return parsed;
}

export interface Page {
  /** As requested (0 reads like 1, as in GoTrue). */
  page: bigint;
  perPage: bigint;
  /** SQL LIMIT (null = no limit). */
  limit: number | null;
  /** SQL OFFSET; undefined when it lies beyond any possible row. */
  offset: number | undefined;
}

export function parsePage(query: URLSearchParams): Page {
  const page = parseUint(query.get("page"), 1n);
  const perPage = parseUint(query.get("per_page"), DEFAULT_PER_PAGE);
  // Hosted GoTrue divides by zero here and answers 500.
  if (perPage === 0n) throw badPagination("per_page must be greater than 0");
  const offset = (page > 1n ? page - 1n : 0n) * perPage;
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  return {
    page,
    perPage,
    limit: perPage > safe ? null : Number(perPage),
    offset: offset > safe ? undefined : Number(offset),
  };
}

/** X-Total-Count and Link (rel next when there is a next page, rel last always). */
export function paginationHeaders(
  path: string,
  query: URLSearchParams,
  { page, perPage }: Page,
  total: number,
): Record<string, string> {
  const count = BigInt(total);
  const lastPage = count / perPage + (count % perPage > 0n ? 1n : 0n);
  const link = (target: bigint, rel: string) => {
    const params = new URLSearchParams(query);
    params.set("page", String(target));
    params.sort();
    return `<${path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = lastPage > page ? [link(page + 1n, "next")] : [];
  links.push(link(lastPage, "last"));
  return { "X-Total-Count": String(total), Link: links.join(", ") };
}

/**
 * Content negotiation (PostgREST's Plan/Negotiate.hs + MediaType.hs): the first media type of
 * the `Accept` header (by quality) that the built-in handlers produce; none → 406 PGRST107.
 */
import type { ApiRequest } from "../api-request.ts";
import { RestError } from "./errors.ts";

export type Output =
  | { kind: "json"; stripNulls: boolean }
  | { kind: "single"; stripNulls: boolean }
  | { kind: "csv" };

const MAX_ACCEPT_ENTRIES = 32;

interface AcceptEntry {
  type: string;
  subtype: string;
  params: Map<string, string>;
  quality: number;
  raw: string;
}

function parseEntry(raw: string): AcceptEntry {
  const [mime = "", ...rest] = raw.split(";").map((part) => part.trim());
  const [type = "", subtype = ""] = mime.toLowerCase().split("/");
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const quality = Number(params.get("q") ?? "1");
  params.delete("q");
  return { type, subtype, params, quality: Number.isFinite(quality) ? quality : 1, raw: mime };
}

function toOutput(entry: AcceptEntry): Output | undefined {
  const { type, subtype } = entry;
  const stripNulls = entry.params.get("nulls") === "stripped";
  if (type === "*" && subtype === "*") return { kind: "json", stripNulls: false };
  if (type === "text" && subtype === "csv") return { kind: "csv" };
  if (type !== "application") return undefined;
  if (subtype === "json") return { kind: "json", stripNulls: false };
  if (subtype === "vnd.pgrst.object+json" || subtype === "vnd.pgrst.object") {
    return { kind: "single", stripNulls };
  }
  if (subtype === "vnd.pgrst.array+json" || subtype === "vnd.pgrst.array") {
    return { kind: "json", stripNulls };
  }
  return undefined;
}

export function negotiate(request: ApiRequest): Output {
  const header = request.header("accept");
  if (header === undefined || header.trim() === "") return { kind: "json", stripNulls: false };
  const entries = header
    .split(",")
    .slice(0, MAX_ACCEPT_ENTRIES)
    .map(parseEntry)
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const entry of entries) {
    const output = toOutput(entry);
    if (output) return output;
  }
  const offered = entries.map((entry) => entry.raw).join(", ");
  throw new RestError(406, "PGRST107", `None of these media types are available: ${offered}`);
}

export function contentType(output: Output): string {
  if (output.kind === "csv") return "text/csv; charset=utf-8";
  if (output.kind === "single") {
    const strip = output.stripNulls ? ";nulls=stripped" : "";
    return `application/vnd.pgrst.object+json${strip}; charset=utf-8`;
  }
  if (output.stripNulls) return "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8";
  return "application/json; charset=utf-8";
}

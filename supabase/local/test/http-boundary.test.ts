import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One routing idiom (README.md, "How a request is handled"): the gateway parses each request
 * once (api-request.ts) and writes each handler's result (api-result.ts); the handlers of
 * auth/, rest/, storage/ and the mailbox never see node:http's request or response. This scans
 * the package's sources so a handler that takes `IncomingMessage` again fails here.
 */
const PACKAGE_DIR = resolve(import.meta.dirname, "..");
const GATEWAY = ["api-request.ts", "api-result.ts", "server.ts"];
const HTTP_MODULE = /^(node:)?https?$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'\n]+)["']/g;
const HTTP_TYPES = /\b(IncomingMessage|ServerResponse|IncomingHttpHeaders|OutgoingHttpHeaders)\b/;

function packageSources(): string[] {
  return readdirSync(PACKAGE_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.startsWith("test/"))
    .map((file) => file.split("\\").join("/"))
    .sort();
}

function code(file: string): string {
  return readFileSync(join(PACKAGE_DIR, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

const importsHttp = (file: string) =>
  [...code(file).matchAll(SPECIFIER)].some((match) => HTTP_MODULE.test(match[1] ?? ""));

describe("the request/result boundary", () => {
  it("lets only the gateway, the request parser and the result writer import node:http", () => {
    const importers = packageSources().filter(importsHttp);
    expect(importers).toEqual(GATEWAY);
  });

  it("keeps node:http's request and response types out of auth/, rest/ and storage/", () => {
    const handlers = packageSources().filter((file) => /^(auth|rest|storage)\//.test(file));
    expect(handlers.length).toBeGreaterThan(40);
    const offenders = handlers.filter((file) => HTTP_TYPES.test(code(file)));
    expect(offenders, "handlers that name node:http types").toEqual([]);
  });
});

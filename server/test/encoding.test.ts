import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress, isCompressible, pickEncoding } from "../encoding.ts";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("deflate")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
  });
});

describe("compress", () => {
  it("round-trips both encodings", () => {
    const body = Buffer.from("<p>hello</p>".repeat(200));
    expect(brotliDecompressSync(compress(body, "br")).equals(body)).toBe(true);
    expect(gunzipSync(compress(body, "gzip")).equals(body)).toBe(true);
  });
  it("only compresses text-like types", () => {
    expect(isCompressible("text/html; charset=utf-8")).toBe(true);
    expect(isCompressible("application/rss+xml")).toBe(true);
    expect(isCompressible("image/png")).toBe(false);
    expect(isCompressible(null)).toBe(false);
  });
});

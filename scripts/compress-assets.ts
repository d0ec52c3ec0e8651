import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Precompresses build/client text assets at build time: `.br` (quality 11) and `.gz` (level 9). */
const root = `${process.env.BUILD_DIR || "build"}/client`;
const TEXT = new Set([".js", ".css", ".svg", ".json", ".txt", ".xml", ".vtt", ".html", ".ico"]);
let count = 0;

function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.has(extname(path))) {
      const body = readFileSync(path);
      if (body.length < 512) continue;
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
}

walk(root);
console.log(`Precompressed ${count} files in ${root}`);

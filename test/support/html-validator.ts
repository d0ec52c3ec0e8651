import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/** One error of the W3C Nu Html Checker, located in the document the test named. */
export interface HtmlError {
  document: string;
  line?: number;
  message: string;
  extract?: string;
}

/** The checker's jar, shipped by the `vnu-jar` npm package (run with Debian's Java 17+). */
const VNU_JAR: string = createRequire(import.meta.url)("vnu-jar");

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * Checks every document in ONE run of the Nu Html Checker (the JVM starts once): writes them to
 * a temporary folder, runs `java -jar vnu.jar --errors-only --format json` on it, and returns
 * the errors by the documents' names.
 */
export async function validateHtml(documents: Map<string, string>): Promise<HtmlError[]> {
  const dir = await mkdtemp(join(tmpdir(), "vnu-"));
  try {
    const names = new Map<string, string>();
    let n = 0;
    for (const [name, html] of documents) {
      const file = `${String(++n).padStart(4, "0")}.html`;
      names.set(file, name);
      await writeFile(join(dir, file), html);
    }
    const output = await new Promise<string>((resolve, reject) => {
      const java = spawn(
        "java",
        [
          // The checker needs a deep stack; the quick compiler alone saves half its CPU time here.
          "-Xss4m",
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-jar",
          VNU_JAR,
          "--errors-only",
          "--no-langdetect",
          "--exit-zero-always",
          "--format",
          "json",
          dir,
        ],
        { stdio: ["ignore", "ignore", "pipe"] },
      );
      let err = "";
      java.stderr.on("data", (chunk: Buffer) => {
        err += chunk.toString("utf8");
      });
      java.on("error", reject);
      java.on("close", (code) =>
        code === 0 ? resolve(err) : reject(new Error(`vnu exited with ${code}: ${err}`)),
      );
    });
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => ({
        document: names.get(basename(m.url ?? "")) ?? m.url ?? "?",
        line: m.lastLine,
        message: m.message,
        extract: m.extract,
      }));
  } finally {
    if (process.env.VNU_KEEP) console.log(`vnu documents kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

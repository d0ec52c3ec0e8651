import { inflateSync } from "node:zlib";

/**
 * The text a person reads in a PDF that pdfkit (through @react-pdf/renderer) wrote, without a
 * PDF library: its Flate streams inflated, each font's ToUnicode map read, and the glyph codes
 * of every text-showing operator (Tj, TJ) mapped back to characters. One string per page, the
 * page's text runs in drawing order separated by newlines. Enough for what our renderer
 * writes (Type0 fonts with 2-byte codes, hex strings); not a general PDF reader.
 */
interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString("latin1");
  const found = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\s*/g;
  for (let match = head.exec(text); match; match = head.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endobj", start);
    const body = text.slice(start, end);
    const at = body.search(/\bstream\r?\n/);
    if (at === -1) {
      found.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const dataStart = body.indexOf("\n", at) + 1;
    const dataEnd = body.lastIndexOf("endstream");
    let data = Buffer.from(body.slice(dataStart, dataEnd).replace(/\r?\n$/, ""), "latin1");
    if (/\/FlateDecode/.test(dict)) data = inflateSync(data);
    found.set(Number(match[1]), { dict, stream: data });
  }
  return found;
}

function utf16(spaced: string): string {
  const hex = spaced.replace(/\s/g, "");
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/** A ToUnicode CMap: code (hex, upper case) → text. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const width = (hex: string) => hex.length;
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(src!.toUpperCase(), utf16(dst!));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const entries = block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g,
    );
    for (const [, lo, hi, start, list] of entries) {
      const from = Number.parseInt(lo!, 16);
      const to = Number.parseInt(hi!, 16);
      const pad = (n: number) => n.toString(16).toUpperCase().padStart(width(lo!), "0");
      if (list !== undefined) {
        // A ligature's target holds its characters' codes apart: <0066 0069> is "fi".
        const targets = [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => utf16(m[1]!));
        targets.forEach((target, i) => {
          map.set(pad(from + i), target);
        });
      } else {
        const first = utf16(start!);
        const last = first.charCodeAt(first.length - 1);
        for (let code = from; code <= to; code++) {
          map.set(pad(code), first.slice(0, -1) + String.fromCharCode(last + code - from));
        }
      }
    }
  }
  return map;
}

const ref = (text: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(text);
  return m ? Number(m[1]) : null;
};

/** The text of each page of `pdf`. */
export function pdfPages(bytes: Uint8Array): string[] {
  const all = objects(Buffer.from(bytes));
  const cmaps = new Map<number, Map<string, string>>();
  const fontMap = (fontRef: number) => {
    let cmap = cmaps.get(fontRef);
    if (!cmap) {
      const unicodeRef = ref(all.get(fontRef)?.dict ?? "", "ToUnicode");
      const stream = unicodeRef === null ? null : all.get(unicodeRef)?.stream;
      cmap = stream ? toUnicode(stream.toString("latin1")) : new Map();
      cmaps.set(fontRef, cmap);
    }
    return cmap;
  };
  const resolve = (value: string): string => {
    const r = /^\s*(\d+)\s+0\s+R/.exec(value);
    return r ? (all.get(Number(r[1]))?.dict ?? "") : value;
  };
  const pages = [...all.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  return pages.map((page) => {
    const resourcesText = /\/Resources\s+(\d+\s+0\s+R|<<[\s\S]*)/.exec(page.dict)?.[1] ?? "";
    const resources = resolve(resourcesText);
    const fontDict = resolve(/\/Font\s+(\d+\s+0\s+R|<<[^>]*>>)/.exec(resources)?.[1] ?? "");
    const fonts = new Map(
      [...fontDict.matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g)].map((m) => [m[1]!, Number(m[2])]),
    );
    const contents = [
      ...(/\/Contents\s+(\[[^\]]*\]|\d+\s+0\s+R)/.exec(page.dict)?.[1] ?? "").matchAll(
        /(\d+)\s+0\s+R/g,
      ),
    ]
      .map((m) => all.get(Number(m[1]))?.stream?.toString("latin1") ?? "")
      .join("\n");
    const runs: string[] = [];
    let cmap = new Map<string, string>();
    const ops = /\/([\w.+-]+)\s+[\d.]+\s+Tf|(\[(?:[^\]]*)\])\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    let run = "";
    for (const m of contents.matchAll(ops)) {
      if (m[1] !== undefined) {
        const fontRef = fonts.get(m[1]);
        cmap = fontRef === undefined ? new Map() : fontMap(fontRef);
      } else if (m[0] === "ET") {
        if (run) runs.push(run);
        run = "";
      } else {
        const hexes = m[2] ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [m[3]!];
        for (const hex of hexes) {
          for (let i = 0; i + 4 <= hex.length; i += 4) {
            run += cmap.get(hex.slice(i, i + 4).toUpperCase()) ?? "\uFFFD";
          }
        }
      }
    }
    if (run) runs.push(run);
    return runs.join("\n");
  });
}

/** All pages' text with runs of white space (line breaks, no-break spaces) made one space. */
export function pdfText(bytes: Uint8Array): string {
  return pdfPages(bytes)
    .join("\n")
    .replace(/[\s\u00a0\u202f]+/g, " ");
}

/**
 * The kinds of file a project takes from either side (docs/portal.md, "Files"): images, PDF,
 * office documents, zip archives, plain text, fonts and MP4 video. A file is taken when its name
 * ends in one of these extensions **and** its first bytes are what such a file starts with — so
 * a PNG named `.pdf` or a program renamed `.jpg` is refused. Nothing that runs in a browser or
 * on a computer is here: no SVG, HTML, scripts or programs. Plain (no server imports): the form's
 * `accept` attribute reads the extensions.
 */

/** How a kind's first bytes are recognised. */
type Signature = (head: Uint8Array) => boolean;

const startsWith =
  (...bytes: number[]): Signature =>
  (head) =>
    bytes.every((byte, index) => head[index] === byte);

const ascii = (text: string, at = 0): Signature => {
  const bytes = [...text].map((c) => c.charCodeAt(0));
  return (head) => bytes.every((byte, index) => head[at + index] === byte);
};

const anyOf =
  (...signatures: Signature[]): Signature =>
  (head) =>
    signatures.some((signature) => signature(head));

const PNG = startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = startsWith(0xff, 0xd8, 0xff);
const GIF = anyOf(ascii("GIF87a"), ascii("GIF89a"));
const WEBP = (head: Uint8Array) => ascii("RIFF")(head) && ascii("WEBP", 8)(head);
const PDF = ascii("%PDF-");
/** Zip, and the office formats that are zip archives (docx, xlsx, pptx, odt…). */
const ZIP = anyOf(startsWith(0x50, 0x4b, 0x03, 0x04), startsWith(0x50, 0x4b, 0x05, 0x06));
/** The older office formats (doc, xls, ppt): an OLE compound file. */
const OLE = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const WOFF = ascii("wOFF");
const WOFF2 = ascii("wOF2");
const TRUETYPE = anyOf(startsWith(0x00, 0x01, 0x00, 0x00), ascii("true"));
const OPENTYPE = ascii("OTTO");
const MP4 = ascii("ftyp", 4);

/** Text: no NUL byte and valid UTF-8 (a sequence cut off by the end of the sample is fine). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let end = head.length;
  // Leave out a multi-byte sequence the sample cut in two.
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = head[end - back] ?? 0;
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0xc0) !== 0x80) break;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

interface Kind {
  type: string;
  signature: Signature;
}

const OFFICE_XML = "application/vnd.openxmlformats-officedocument";
const OPEN_DOCUMENT = "application/vnd.oasis.opendocument";

/** Extension → the type stored and how its first bytes look. */
const KINDS: Record<string, Kind> = {
  png: { type: "image/png", signature: PNG },
  jpg: { type: "image/jpeg", signature: JPEG },
  jpeg: { type: "image/jpeg", signature: JPEG },
  gif: { type: "image/gif", signature: GIF },
  webp: { type: "image/webp", signature: WEBP },
  pdf: { type: "application/pdf", signature: PDF },
  doc: { type: "application/msword", signature: OLE },
  xls: { type: "application/vnd.ms-excel", signature: OLE },
  ppt: { type: "application/vnd.ms-powerpoint", signature: OLE },
  docx: { type: `${OFFICE_XML}.wordprocessingml.document`, signature: ZIP },
  xlsx: { type: `${OFFICE_XML}.spreadsheetml.sheet`, signature: ZIP },
  pptx: { type: `${OFFICE_XML}.presentationml.presentation`, signature: ZIP },
  odt: { type: `${OPEN_DOCUMENT}.text`, signature: ZIP },
  ods: { type: `${OPEN_DOCUMENT}.spreadsheet`, signature: ZIP },
  odp: { type: `${OPEN_DOCUMENT}.presentation`, signature: ZIP },
  zip: { type: "application/zip", signature: ZIP },
  txt: { type: "text/plain", signature: isText },
  csv: { type: "text/csv", signature: isText },
  md: { type: "text/markdown", signature: isText },
  woff: { type: "font/woff", signature: WOFF },
  woff2: { type: "font/woff2", signature: WOFF2 },
  ttf: { type: "font/ttf", signature: TRUETYPE },
  otf: { type: "font/otf", signature: OPENTYPE },
  mp4: { type: "video/mp4", signature: MP4 },
};

/**
 * The types a Files list shows a small preview of (`/files/…?preview=1`): the raster images of the
 * allowlist above, which a browser draws and nothing in them runs.
 */
export const PREVIEW_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/** The bytes read before deciding (every signature above fits in the first 12). */
export const SNIFF_BYTES = 512;

/** The extensions taken, for the form's `accept` attribute and the page's words. */
export const FILE_EXTENSIONS = Object.keys(KINDS).map((extension) => `.${extension}`);

function kindOf(name: string): Kind | undefined {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  return Object.hasOwn(KINDS, extension) ? KINDS[extension] : undefined;
}

/** The type a file called `name` is stored as, before its bytes are seen; null when refused. */
export function fileTypeByName(name: string): string | null {
  return kindOf(name)?.type ?? null;
}

/** The type to store for a file called `name` starting with `head`; null when refused. */
export function sniffFileType(name: string, head: Uint8Array): string | null {
  const kind = kindOf(name);
  if (!kind) return null;
  // An empty file is nothing of any kind.
  if (!head.length) return null;
  return kind.signature(head) ? kind.type : null;
}

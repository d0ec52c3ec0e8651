import { Readable } from "node:stream";
import busboy from "busboy";
import { FILE_UPLOAD_MAX_BYTES } from "~/infra/body-limits";
import { env } from "~/infra/env.server";
import { type AppSupabase, supabaseEnv } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { SNIFF_BYTES } from "./file-types";
import { accessToken, CLIENT_FILES_BUCKET, privateFileKey, safeType } from "./private-files.server";

/**
 * A private file sent with a form (multipart, field `file`), passed on to Storage as it
 * arrives: the browser's bytes go through busboy's parser straight into the upload request, so
 * the server holds a few chunks of a 50 MB file, never the file. Storage stores it with the
 * person's own token (row-level security: the permission table decides) and never replaces an
 * existing file. A file over 50 MB is cut off and nothing is stored.
 */
export interface UploadedFile {
  key: string;
  name: string;
  /** Bytes stored, and the type Storage was told. */
  size: number;
  type: string;
  /** The form's other fields (each at most FIELD_BYTES; `truncated` names a longer one). */
  fields: Record<string, string>;
  truncated: string[];
}

/** Where in the organisation's folder a file goes, besides its own name. */
export interface UploadOptions {
  /** Segments before the name, e.g. `deliverables/12/<random>` (each a valid key segment). */
  folder?: string;
  /**
   * Decides from the file's name and first bytes (up to SNIFF_BYTES) the type to store, or
   * refuses it (null: an `unprocessable` failure, nothing stored). Without it the browser's
   * declared type is kept.
   */
  sniff?: (name: string, head: Uint8Array) => string | null;
  /**
   * Filled with the form's text fields as they are read, also when the file is refused (so a
   * form can give back what was typed before it).
   */
  fields?: Record<string, string>;
}

/** The first `bytes` of a stream (fewer when it ends first) and the stream of all its bytes. */
async function headOf(stream: Readable, bytes: number) {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const seen: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    seen.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(seen);
  async function* all() {
    yield head;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { head: head.subarray(0, bytes), body: Readable.from(all(), { objectMode: false }) };
}

/** Bytes of a field sent with a file (a note of 2,000 characters of any script fits). */
const FIELD_BYTES = 8 * 1024;

/** The file's name as a key's last segment: its base name, odd characters replaced. */
export function storedName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}!\-.*'() &$@=;:+,_]/gu, "-")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 200);
  return cleaned && /[^.]/.test(cleaned) ? cleaned : "file";
}

const FIELD = "file";

/** Storage's answer to an upload, as a failure the page can word. */
async function storageFailure(response: Response): Promise<Result<UploadedFile>> {
  const text = await response.text().catch(() => "");
  if (response.status === 409 || /Duplicate|already exists/i.test(text)) {
    return fail("conflict", "A file with this name is already there. Rename it and send it again.");
  }
  if (response.status === 413 || /too large|maximum allowed size/i.test(text)) {
    return fail("too-large", "The file is larger than 50 MB. Send a smaller one, or split it.");
  }
  if (/row-level security|Unauthorized|not found/i.test(text) || response.status === 403) {
    return fail("not-found", "There is no such client, or you cannot send it files.");
  }
  return fail("backend", "The file could not be stored. Please try again.");
}

/**
 * A Node stream as a Fetch body that reads one chunk each time the upload asks for one.
 * (`Readable.toWeb` over busboy's file stream read ahead without bound: 40 MB held of a 50 MB
 * upload, measured; this holds one chunk.)
 */
function pulledStream(
  readable: Readable,
  counted: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  const chunks = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else {
          counted(next.value.length);
          controller.enqueue(next.value);
        }
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

function sendToStorage(
  token: string,
  key: string,
  type: string,
  body: Readable,
  signal: AbortSignal,
  counted: (bytes: number) => void,
): Promise<Response> {
  const { url, anonKey } = supabaseEnv();
  const path = key.split("/").map(encodeURIComponent).join("/");
  return fetch(`${url}/storage/v1/object/${CLIENT_FILES_BUCKET}/${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      apikey: anonKey,
      "Content-Type": type,
      "x-upsert": "false",
    },
    body: pulledStream(body, counted),
    duplex: "half",
    signal,
  } as RequestInit);
}

/** Receives the request's file into `organisationId`'s folder, as the signed-in person. */
export async function receivePrivateFile(
  supabase: AppSupabase,
  organisationId: string | undefined,
  request: Request,
  options: UploadOptions = {},
): Promise<Result<UploadedFile>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !request.body) {
    return fail("invalid", "Choose a file to send.");
  }
  const folder = privateFileKey(organisationId, options.folder ? `${options.folder}/x` : "x");
  const token = await accessToken(supabase);
  if (!folder || !token) return fail("not-found", "There is no such client.");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      // busboy signals `limit` once a file reaches its fileSize: one byte more is "over 50 MB".
      limits: {
        files: 1,
        fileSize: FILE_UPLOAD_MAX_BYTES + 1,
        fields: 8,
        fieldSize: FIELD_BYTES,
        parts: 10,
      },
    });
  } catch {
    return fail("invalid", "Choose a file to send.");
  }
  const aborted = new AbortController();
  const timeoutMs = Math.max(env().SUPABASE_TIMEOUT_MS, 10 * 60_000);
  const timer = setTimeout(() => aborted.abort(), timeoutMs);
  // The Fetch API's stream and Node's web stream are the same class at run time.
  const source = Readable.fromWeb(request.body as Parameters<typeof Readable.fromWeb>[0]);
  try {
    return await new Promise<Result<UploadedFile>>((resolve) => {
      let stored: Promise<Result<UploadedFile>> | undefined;
      const fields: Record<string, string> = options.fields ?? {};
      const truncated: string[] = [];
      let size = 0;
      parser.on("field", (field, value, info) => {
        fields[field] = value;
        if (info.valueTruncated) truncated.push(field);
      });
      const settle = (result: Result<UploadedFile>) => {
        source.unpipe(parser);
        source.resume();
        resolve(result);
      };
      parser.on("file", (field, stream, info) => {
        if (field !== FIELD || stored || !info.filename) {
          stream.resume();
          return;
        }
        const name = storedName(info.filename);
        const key = privateFileKey(
          organisationId,
          options.folder ? `${options.folder}/${name}` : name,
        ) as string;
        stream.on("limit", () => {
          aborted.abort();
          settle(
            fail("too-large", "The file is larger than 50 MB. Send a smaller one, or split it."),
          );
        });
        const count = (bytes: number) => {
          size += bytes;
        };
        const send = async (): Promise<Result<UploadedFile>> => {
          let body: Readable = stream;
          let type = safeType(info.mimeType);
          if (options.sniff) {
            const sniffed = await headOf(stream, SNIFF_BYTES);
            const decided = options.sniff(name, sniffed.head);
            if (!decided) {
              stream.resume();
              return fail("unprocessable", "This kind of file is not taken.");
            }
            [body, type] = [sniffed.body, decided];
          }
          try {
            const response = await sendToStorage(token, key, type, body, aborted.signal, count);
            if (!response.ok) return storageFailure(response);
            await response.body?.cancel();
            return ok({ key, name, size, type, fields, truncated });
          } catch {
            return fail("backend", "The file could not be stored. Please try again.");
          }
        };
        stored = send();
      });
      parser.on("close", () => {
        if (!stored) return settle(fail("invalid", "Choose a file to send."));
        void stored.then(settle);
      });
      parser.on("error", () => {
        aborted.abort();
        settle(fail("invalid", "The form could not be read. Please send it again."));
      });
      source.on("error", () => {
        aborted.abort();
        settle(
          fail("too-large", "The file is larger than 50 MB. Send a smaller one, or split it."),
        );
      });
      source.pipe(parser);
    });
  } finally {
    clearTimeout(timer);
  }
}

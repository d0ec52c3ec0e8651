/**
 * The mailbox's attachments: the web app posts them in base64 (at most 5, 2 MB each, plain file
 * names, a short list of types), the listing names them with their size and download URL, the
 * download answers the bytes as an attachment under the page's origin rules, and a body past the
 * mailbox's limit is refused before it is read. A data directory made before attachments existed
 * still starts and takes them.
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAILBOX_BODY_BYTES } from "../mailbox-input.ts";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { type SqlTestBackend, startBackendWithSql } from "./backend-with-sql.ts";
import { bounded } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

const JSON_PATH = "/mailbox/messages.json";
const MB = 1024 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, so that the headers (Host, Content-Length, Sec-Fetch-*) are exactly the test's. */
function raw(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

const base64 = (bytes: Buffer) => bytes.toString("base64");
const pdfBytes = (size: number) =>
  Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(size - 9)]);

function mailWith(attachments: unknown[]) {
  return {
    to: "amina@example.com",
    subject: "Ankara JD-2026-0001",
    text: "Ankara yako imeambatishwa.",
    links: ["http://localhost:3000/sw/organisations/x/invoices/1"],
    attachments,
  };
}

function post(target: { url: string; serviceRoleKey: string }, body: unknown) {
  return raw(
    `${target.url}${JSON_PATH}`,
    "POST",
    { "content-type": "application/json", authorization: `Bearer ${target.serviceRoleKey}` },
    JSON.stringify(body),
  );
}

const messageOf = (answer: Answer) =>
  (JSON.parse(answer.body.toString()) as { message: string }).message;

interface Listed {
  id: number;
  to: string;
  subject: string;
  attachments: { filename: string; contentType: string; size: number; url: string }[];
}

async function listed(target: { url: string } = backend): Promise<Listed[]> {
  const answer = await raw(`${target.url}${JSON_PATH}`, "GET");
  return JSON.parse(answer.body.toString()) as Listed[];
}

describe("attachments of posted mails", () => {
  it("stores a 2 MB PDF and a PNG, lists them without their bytes, downloads them", async () => {
    const pdf = pdfBytes(2 * MB);
    const png = randomBytes(2000);
    const attachments = [
      { filename: "JD-2026-0001.pdf", contentType: "application/pdf", content: base64(pdf) },
      {
        filename: "Mchoro wa tovuti (toleo la 2) – Amina's.png",
        contentType: "image/png",
        content: base64(png),
      },
    ];
    const stored = await bounded(() => post(backend, mailWith(attachments)), 20_000, 64);
    expect(stored.status).toBe(201);

    const list = await listed();
    const mail = list.find((each) => each.subject === "Ankara JD-2026-0001");
    // The listing keeps every field it had, and names the files without their bytes.
    expect(Object.keys(mail ?? {}).sort()).toEqual(
      ["attachments", "headers", "html", "id", "links", "sent_at", "subject", "text", "to"].sort(),
    );
    expect(mail?.attachments).toEqual([
      {
        filename: "JD-2026-0001.pdf",
        contentType: "application/pdf",
        size: pdf.byteLength,
        url: `${backend.url}/mailbox/messages/${mail?.id}/attachments/0`,
      },
      {
        filename: "Mchoro wa tovuti (toleo la 2) – Amina's.png",
        contentType: "image/png",
        size: 2000,
        url: `${backend.url}/mailbox/messages/${mail?.id}/attachments/1`,
      },
    ]);
    expect(JSON.stringify(list).length).toBeLessThan(100_000);

    const download = await raw(mail?.attachments[0]?.url ?? "", "GET");
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="JD-2026-0001.pdf"; filename*=UTF-8''JD-2026-0001.pdf`,
    );
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.body.equals(pdf)).toBe(true);
    const head = await raw(mail?.attachments[1]?.url ?? "", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe("2000");
    expect(head.headers["content-disposition"]).toBe(
      `attachment; filename="Mchoro wa tovuti (toleo la 2) _ Amina's.png"; filename*=UTF-8''Mchoro%20wa%20tovuti%20%28toleo%20la%202%29%20%E2%80%93%20Amina%27s.png`,
    );

    // The page links the files.
    const page = (await raw(`${backend.url}/mailbox`, "GET")).body.toString();
    expect(page).toContain(
      `href="/mailbox/messages/${mail?.id}/attachments/0" download>JD-2026-0001.pdf</a>`,
    );
    expect(page).toContain("application/pdf, 2097152 bytes");
    expect(page).toContain("(toleo la 2) – Amina&#39;s.png</a> (image/png, 2000 bytes)");
  });

  it("answers a download only on the backend's own origin, and 404 for no such file", async () => {
    await post(
      backend,
      mailWith([
        { filename: "a.csv", contentType: "text/csv", content: base64(Buffer.from("a,b\n")) },
      ]),
    );
    const [mail] = await listed();
    const path = new URL(mail?.attachments[0]?.url ?? "").pathname;
    const port = new URL(backend.url).port;
    const read = (headers: Record<string, string>) => raw(`${backend.url}${path}`, "GET", headers);
    expect((await read({ "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" })).status).toBe(
      403,
    );
    expect((await read({ origin: "http://evil.example" })).status).toBe(403);
    expect((await read({ host: `evil.example:${port}` })).status).toBe(403);
    expect((await read({ "sec-fetch-site": "same-origin" })).body.toString()).toBe("a,b\n");
    for (const missing of [
      `/mailbox/messages/${mail?.id}/attachments/1`,
      `/mailbox/messages/${mail?.id}/attachments/00`,
      "/mailbox/messages/x/attachments/0",
      "/mailbox/messages/99999999/attachments/0",
    ]) {
      expect((await raw(`${backend.url}${missing}`, "GET")).status, missing).toBe(404);
    }
    const remove = await raw(`${backend.url}${path}`, "DELETE");
    expect(remove.status).toBe(405);
  });

  it("refuses too many, too large, badly named or typed attachments with a clear 400", async () => {
    const before = (await listed()).length;
    const file = (fields: Record<string, unknown> = {}) => ({
      filename: "JD-2026-0001.pdf",
      contentType: "application/pdf",
      content: base64(Buffer.from("%PDF-1.4 tiny")),
      ...fields,
    });
    const refusals: [unknown[], RegExp][] = [
      [Array.from({ length: 6 }, () => file()), /at most 5 files/],
      [[file({ filename: "../../etc/passwd" })], /plain file name/],
      [[file({ filename: "invoices/JD.pdf" })], /plain file name/],
      [[file({ filename: "C:\\temp\\JD.pdf" })], /plain file name/],
      [[file({ filename: "JD\r\nBcc: x.pdf" })], /plain file name/],
      [[file({ filename: "invoice\u202Efdp.exe" })], /plain file name/],
      [[file({ filename: "" })], /"filename" must be a file name/],
      [[file({ contentType: "text/html" })], /must be one of application\/pdf, image\/png/],
      [[file({ contentType: "application/x-msdownload" })], /"contentType" must be one of/],
      [[file({ content: "not base64!" })], /in base64/],
      [
        [file({ content: base64(pdfBytes(2 * MB + 1)) })],
        /attachment 1 is larger than 2097152 bytes/,
      ],
      [["JD.pdf"], /must be an object/],
    ];
    for (const [attachments, message] of refusals) {
      const answer = await post(backend, mailWith(attachments));
      expect(answer.status, String(message)).toBe(400);
      expect(messageOf(answer)).toMatch(message);
    }
    const notArray = await post(backend, { ...mailWith([]), attachments: file() });
    expect(notArray.status).toBe(400);
    expect((await listed()).length).toBe(before);
  });

  it("refuses a 30 MB body before reading it, and a streamed one past the limit", async () => {
    expect(MAILBOX_BODY_BYTES).toBeGreaterThan(5 * Math.ceil((2 * MB) / 3) * 4);
    expect(MAILBOX_BODY_BYTES).toBeLessThan(16 * MB);
    const declared = await bounded(
      () =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${backend.url}${JSON_PATH}`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "content-length": String(30 * MB),
              authorization: `Bearer ${backend.serviceRoleKey}`,
            },
          });
          req.on("response", (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            req.destroy();
          });
          req.on("error", reject);
          req.write(Buffer.alloc(64 * 1024, 0x20));
        }),
      5000,
      16,
    );
    expect(declared).toBe(413);

    const streamed = await bounded(
      () =>
        new Promise<Answer>((resolve, reject) => {
          const req = request(`${backend.url}${JSON_PATH}`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "transfer-encoding": "chunked",
              authorization: `Bearer ${backend.serviceRoleKey}`,
            },
          });
          req.on("response", (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              });
              req.destroy();
            });
          });
          req.on("error", reject);
          const chunk = Buffer.alloc(MB, 0x41);
          const total = Math.ceil(MAILBOX_BODY_BYTES / MB) + 1;
          let sent = 0;
          const pump = () => {
            while (sent < total) {
              sent++;
              if (!req.write(chunk)) return void req.once("drain", pump);
            }
            req.end();
          };
          pump();
        }),
      20_000,
      64,
    );
    expect(streamed.status).toBe(413);
    expect(messageOf(streamed)).toBe(`Request body exceeds ${MAILBOX_BODY_BYTES} bytes`);
    // The backend still answers.
    expect((await raw(`${backend.url}${JSON_PATH}`, "GET")).status).toBe(200);
  });
});

describe("a data directory from before attachments", () => {
  let old: SqlTestBackend;
  afterAll(() => old?.close());

  it("starts, keeps its mails and takes attachments", async () => {
    old = await startBackendWithSql(`
      drop table _local.mailbox_attachments;
      update _local.settings set value = 'an older bootstrap' where key = 'bootstrap_hash';
      insert into _local.mailbox (to_email, subject, text_body, html_body)
        values ('old@example.com', 'Before attachments', 'Hi', '<pre>Hi</pre>');
    `);
    const pdf = pdfBytes(5000);
    const stored = await post(
      old,
      mailWith([
        { filename: "JD-2026-0002.pdf", contentType: "application/pdf", content: base64(pdf) },
      ]),
    );
    expect(stored.status).toBe(201);
    const [latest, before] = await listed(old);
    expect(before).toMatchObject({ subject: "Before attachments", attachments: [] });
    expect(latest?.attachments[0]).toMatchObject({ filename: "JD-2026-0002.pdf", size: 5000 });
    const download = await raw(latest?.attachments[0]?.url ?? "", "GET");
    expect(download.body.equals(pdf)).toBe(true);
  });
});

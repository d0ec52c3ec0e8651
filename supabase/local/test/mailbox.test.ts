/** The mailbox: same-origin only, no CORS, and a service-role-only POST for the web app's mails. */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, so that Host, Origin and Sec-Fetch-* are exactly what the test says. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const url = new URL(path, backend.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

const EVIL = "http://evil.example";
const JSON_PATH = "/mailbox/messages.json";
const json = { "content-type": "application/json" };

async function seedMail(): Promise<number> {
  await anonClient(backend).auth.signUp({ email: uniqueEmail("mailbox"), password: "mail-pass-1" });
  return (await backend.mailbox.list()).length;
}

describe("no cross-origin access", () => {
  it("sends no CORS headers and refuses preflights", async () => {
    const preflight = await raw("OPTIONS", JSON_PATH, {
      origin: EVIL,
      "access-control-request-method": "DELETE",
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    const bare = await raw("OPTIONS", JSON_PATH);
    expect(bare.status).toBe(405);
    expect(bare.headers["access-control-allow-origin"]).toBeUndefined();
    const read = await raw("GET", JSON_PATH);
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
    expect(read.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("refuses deletes and posts from another origin or site", async () => {
    const before = await seedMail();
    const foreign: Record<string, string>[] = [
      { origin: EVIL },
      { "sec-fetch-site": "cross-site" },
      { origin: "http://localhost:3000", "sec-fetch-site": "same-site" },
      { origin: "null" },
    ];
    for (const headers of foreign) {
      expect((await raw("DELETE", JSON_PATH, headers)).status).toBe(403);
    }
    const post = await raw(
      "POST",
      JSON_PATH,
      { ...json, origin: EVIL, authorization: `Bearer ${backend.serviceRoleKey}` },
      JSON.stringify({ to: "x@example.com", subject: "Hi", text: "Hi" }),
    );
    expect(post.status).toBe(403);
    expect((await backend.mailbox.list()).length).toBe(before);
  });

  it("refuses cross-site reads but lets a link open the page", async () => {
    const read = await raw("GET", JSON_PATH, {
      origin: EVIL,
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "cors",
    });
    expect(read.status).toBe(403);
    expect(read.body).not.toContain("@");
    const embedded = await raw("GET", "/mailbox", { "sec-fetch-site": "cross-site" });
    expect(embedded.status).toBe(403);
    const opened = await raw("GET", "/mailbox", {
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
    });
    expect(opened.status).toBe(200);
    expect(opened.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("refuses a foreign Host name (DNS rebinding)", async () => {
    const port = new URL(backend.url).port;
    const rebound = await raw("GET", JSON_PATH, { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    const local = await raw("GET", JSON_PATH, { host: `localhost:${port}` });
    expect(local.status).toBe(200);
  });

  it("keeps same-origin and header-less requests working", async () => {
    await seedMail();
    expect((await raw("GET", "/mailbox")).status).toBe(200);
    const sameOrigin = await raw("DELETE", JSON_PATH, {
      origin: backend.url,
      "sec-fetch-site": "same-origin",
    });
    expect(sameOrigin.status).toBe(204);
    expect(await backend.mailbox.list()).toEqual([]);
    await seedMail();
    await backend.mailbox.clear();
    expect(await backend.mailbox.list()).toEqual([]);
  });
});

describe("POST /mailbox/messages.json", () => {
  const message = {
    to: "Lead@Example.com",
    subject: "New lead: Amina",
    text: "Amina <amina@example.com> asked for a quote.",
    links: ["http://localhost:3000/admin/leads/1"],
    headers: { "Reply-To": "amina@example.com" },
  };
  const post = (headers: Record<string, string>, body: unknown = message) =>
    raw("POST", JSON_PATH, { ...json, ...headers }, JSON.stringify(body));

  it("stores a mail only with the service-role key", async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ apikey: backend.anonKey })).status).toBe(403);
    expect((await post({ authorization: `Bearer ${backend.anonKey}` })).status).toBe(403);
    expect((await post({ authorization: "Bearer not.a.key" })).status).toBe(401);

    const stored = await post({ authorization: `Bearer ${backend.serviceRoleKey}` });
    expect(stored.status).toBe(201);
    expect(JSON.parse(stored.body)).toMatchObject({ to: "Lead@Example.com", links: message.links });
    const viaApikey = await post(
      { apikey: backend.serviceRoleKey },
      { ...message, html: "<p>Hi</p>" },
    );
    expect(viaApikey.status).toBe(201);

    const [latest, first] = await backend.mailbox.list();
    expect(latest?.html).toBe("<p>Hi</p>");
    expect(first).toMatchObject({
      subject: "New lead: Amina",
      headers: { "Reply-To": "amina@example.com" },
      html: "<pre>Amina &lt;amina@example.com&gt; asked for a quote.</pre>",
    });
    expect(await backend.mailbox.latestTo("lead@example.com")).toBeDefined();
  });

  it("rejects malformed mails with 400", async () => {
    const auth = { authorization: `Bearer ${backend.serviceRoleKey}` };
    for (const body of [
      { ...message, to: "two@example.com, three@example.com" },
      { ...message, subject: "Hi\r\nBcc: all@example.com" },
      { ...message, text: "" },
      { ...message, links: ["javascript:alert(1)"] },
      { ...message, headers: { "X-Evil": "a\r\nBcc: x@example.com" } },
      { ...message, headers: { "Bad Name": "x" } },
      [message],
    ]) {
      const answer = await post(auth, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    // The body may be larger than 1 MB (attachments): a long text is refused by its own limit.
    const huge = await post(auth, { ...message, text: "x".repeat(1_100_000) });
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.body).message).toBe('"text" is longer than 200000 characters');
  });
});

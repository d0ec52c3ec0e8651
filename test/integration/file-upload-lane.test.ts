/**
 * The server's lane for private files (app/infra/body-limits.ts isFileUploadRoute,
 * server/request-body.ts): a form posting a file to /files/<organisation> (or a deliverable's
 * new version to /admin/clients/…/deliverables/<id>/versions) reaches the app
 * unread and is passed on to Storage as it arrives — a 50 MB file goes through although the
 * process holds at most 24 MB of request bodies — while a
 * declared body over 50 MB is refused before a byte is read, and a post without a session is
 * answered without reading it.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MB } from "../support/held-heap";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

let site: TestSite;
let cookie: string;
let organisation: string;

beforeAll(async () => {
  site = await startTestSite();
  cookie = await signInThroughForm(site.url);
  const { data, error } = await site.service
    .from("organisations")
    .insert({ name: "Lane test" })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  organisation = data.id as string;
}, 90_000);
afterAll(() => site?.stop());

/** A multipart form with one file of `size` bytes, generated as it is sent. */
function generatedForm(size: number) {
  const boundary = "----lane-boundary";
  const chunk = Buffer.alloc(MB, 3);
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\n` +
        "Content-Type: video/mp4\r\n\r\n",
    ),
  ];
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const head = parts.shift();
      if (head) return controller.enqueue(head);
      if (sent >= size) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        return controller.close();
      }
      const part = chunk.subarray(0, Math.min(MB, size - sent));
      sent += part.byteLength;
      controller.enqueue(part);
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** A POST that declares `length` bytes and sends none: what the server answers at once. */
function declaredOnly(path: string, length: number, headers: Record<string, string> = {}) {
  const url = new URL(path, site.url);
  return new Promise<{ status: number; location?: string; text: string }>((resolve, reject) => {
    const req = httpRequest(url, {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(length),
        Origin: site.url,
        ...headers,
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (piece: string) => {
        text += piece;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }),
      );
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

describe("POST /files/<organisation> on the server", () => {
  it("passes a 50 MB file through to Storage, past the 24 MB the process holds of bodies", async () => {
    // What the server holds of it is bounded in test/integration/private-files.test.ts (after a
    // collection, midway: < 20 MB); a resident-size peak here would mostly count garbage.
    const form = generatedForm(50 * MB);
    const response = await fetch(`${site.url}/files/${organisation}?back=/dashboard`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: site.url, "Content-Type": form.type },
      body: form.body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const listed = await site.service.storage.from("client-files").list(organisation);
    expect(listed.data?.find((file) => file.name === "video.mp4")?.metadata).toMatchObject({
      size: 50 * MB,
      mimetype: "video/mp4",
    });
  }, 60_000);

  it("refuses a declared body over 50 MB before reading it", async () => {
    const started = performance.now();
    const answer = await declaredOnly(`/files/${organisation}`, 51 * MB, { Cookie: cookie });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("larger than 50 MB");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("answers a post without a session without reading its body", async () => {
    const started = performance.now();
    const answer = await declaredOnly(`/files/${organisation}`, 40 * MB);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login\?redirectTo=/);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("POST a deliverable's new version on the server (the same lane)", () => {
  /** A project of the lane's client with one deliverable: where its version is posted. */
  async function versionPath() {
    const project = await site.service
      .from("projects")
      .insert({ organisation_id: organisation, title: "Lane project" })
      .select("id")
      .single();
    const deliverable = await site.service
      .from("project_deliverables")
      .insert({ project_id: project.data?.id, title: "Video" } as never)
      .select("id")
      .single();
    return `/admin/clients/${organisation}/projects/${project.data?.id}?upload=${deliverable.data?.id}`;
  }

  it("passes a 30 MB version through to Storage and records it", async () => {
    const path = await versionPath();
    const form = generatedForm(30 * MB);
    const response = await fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: site.url, "Content-Type": form.type },
      body: form.body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(path.replace(/\?upload=.*$/, ""));
    const { data } = await site.service
      .from("deliverable_versions")
      .select("number, file_name, file_size, file_type")
      .eq("deliverable_id", Number(path.split("=").at(-1)));
    expect(data).toEqual([
      { number: 1, file_name: "video.mp4", file_size: 30 * MB, file_type: "video/mp4" },
    ]);
  }, 60_000);

  it("sends a post to the upload's former address on to the project's page, body and all", async () => {
    const path = await versionPath();
    const [page, deliverable] = path.split("?upload=");
    const form = generatedForm(1 * MB);
    const response = await fetch(`${site.url}${page}/deliverables/${deliverable}/versions`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: site.url, "Content-Type": form.type },
      body: form.body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(path);
  });

  it("refuses a declared body over 50 MB before reading it", async () => {
    const started = performance.now();
    const answer = await declaredOnly(await versionPath(), 51 * MB, { Cookie: cookie });
    expect(answer.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

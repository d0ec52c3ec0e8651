import { request } from "node:http";

export interface PlainAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request on a connection of its own (no keep-alive agent), so that a cluster's primary
 * hands each request to the next worker in turn.
 */
export function requestOnNewConnection(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? "GET", headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A contact-form POST as a browser without JavaScript sends it. */
export function contactForm(message: string, email = "visitor@example.com"): string {
  return new URLSearchParams({
    name: "Test Visitor",
    email,
    message,
    name__confirm: "",
  }).toString();
}

export const FORM_HEADERS = { "Content-Type": "application/x-www-form-urlencoded" } as const;

/** Publishes a post through the admin form of `siteUrl`; returns when it is saved. */
export async function publishPost(siteUrl: string, adminCookie: string, title: string) {
  const saved = await fetch(`${siteUrl}/admin/posts/new`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM_HEADERS, Cookie: adminCookie },
    body: new URLSearchParams({ title, content: "<p>News.</p>", published: "on" }),
  });
  if (saved.status !== 302) throw new Error(`publishing answered ${saved.status}`);
}

/**
 * Milliseconds until `url` shows `text` on four connections in a row — connections take turns
 * between a cluster's workers, so every worker shows it — giving up after `limitMs`.
 */
export async function msUntilEveryWorkerShows(url: string, text: string, limitMs = 5000) {
  return msUntilEveryWorker(url, (body) => body.includes(text), `showed "${text}"`, limitMs);
}

/** As msUntilEveryWorkerShows, until none of them shows `text` any more. */
export async function msUntilEveryWorkerOmits(url: string, text: string, limitMs = 5000) {
  return msUntilEveryWorker(url, (body) => !body.includes(text), `dropped "${text}"`, limitMs);
}

async function msUntilEveryWorker(
  url: string,
  ok: (body: string) => boolean,
  what: string,
  limitMs: number,
) {
  const started = performance.now();
  let inARow = 0;
  while (inARow < 4) {
    if (performance.now() - started > limitMs) throw new Error(`${url} never ${what}`);
    const page = await requestOnNewConnection(url);
    inARow = ok(page.body) ? inARow + 1 : 0;
  }
  return performance.now() - started;
}

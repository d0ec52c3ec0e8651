import type { TestBackend } from "@jenga/supabase-local/testing";
import { startTestSmtp, type TestSmtp } from "@jenga/supabase-local/testing/smtp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LINK_EXPIRED, LINK_INVALID } from "~/domain/newsletter/consent.server";
import { signLink } from "~/domain/newsletter/links.server";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import * as subscribersRoute from "~/routes/admin/subscribers";
import * as csvRoute from "~/routes/admin/subscribers-csv";
import * as newsletter from "~/routes/newsletter";
import * as linkRoute from "~/routes/newsletter/link";
import { asData, asResponse, settle } from "../support/answers";
import { serviceClient, signInCookie, uniqueEmail, withBackend } from "../support/backend";
import { formPost, postArgs, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const subscribers = routed(subscribersRoute);
const csv = routed(csvRoute);

let backend: TestBackend;
let smtp: TestSmtp;
let admin: string;
withBackend(async (b) => {
  backend = b;
  admin = await signInCookie(b.admin.email, b.admin.password);
});

beforeAll(async () => {
  process.env.RATE_LIMIT = "off";
  smtp = await startTestSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

async function row(email: string) {
  const { data } = await serviceClient(backend)
    .from("newsletter_subscribers")
    .select("id, email, status, confirmed_at, unsubscribed_at")
    .eq("email", email)
    .maybeSingle();
  return data as { id: number; email: string; status: string; confirmed_at: string | null } | null;
}

async function subscribe(email: string) {
  const { args } = postArgs("/newsletter", { email });
  const { data, status } = asData(await settle(() => newsletter.action(args)));
  expect(status).toBe(200);
  return data;
}

/** Polls until the outbox has sent the confirmation for `email`; returns the SMTP mail. */
async function confirmationFor(email: string, after = 0) {
  const deadline = Date.now() + 5000;
  for (;;) {
    await outboxIdle();
    await processOutbox();
    const mails = smtp.mails.slice(after).filter((m) => m.to.includes(`<${email}>`));
    if (mails.length) return mails[0]!;
    if (Date.now() > deadline) throw new Error(`no confirmation for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const linkIn = (body: string, path: string) =>
  new URL(new RegExp(`https?://\\S+${path}\\?token=[\\w.-]+`).exec(body)?.[0] ?? "http://x/");

async function open(route: typeof linkRoute, url: URL) {
  const path = url.pathname + url.search;
  return asData<{ email: string | null; error: string | null }>(
    await settle(() => route.loader(routeArgs(path).args as never)),
  );
}

async function press(route: typeof linkRoute, url: URL, fields: Record<string, string>) {
  const path = url.pathname + url.search;
  return asData<{ notice?: string; formError?: string }>(
    await settle(() => route.action(routeArgs(path, formPost(fields)).args as never)),
  );
}

describe("double opt-in", () => {
  it("sends a signed confirmation link with one-click unsubscribe headers; only the button confirms", async () => {
    const email = uniqueEmail("reader");
    const answer = await subscribe(email);
    expect(answer.notice).toBe("Check your inbox to confirm your subscription.");
    expect((await row(email))?.status).toBe("pending");

    const mail = await confirmationFor(email);
    expect(mail.headers.subject).toMatch(/Confirm your subscription/);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=/,
    );
    const link = linkIn(mail.body, "/newsletter/confirm");

    const page = await open(linkRoute, link);
    expect(page.data).toMatchObject({ email, error: null });
    expect((await row(email))?.status).toBe("pending");

    const done = await press(linkRoute, link, { intent: "confirm" });
    expect(done.data.notice).toContain(email);
    const confirmed = await row(email);
    expect(confirmed?.status).toBe("confirmed");
    expect(confirmed?.confirmed_at).toBeTruthy();
    expect((await press(linkRoute, link, { intent: "confirm" })).status).toBe(200);
  });

  it("refuses forged, swapped and expired tokens", async () => {
    const email = uniqueEmail("forged");
    await subscribe(email);
    await confirmationFor(email);
    const subscriber = (await row(email))!;
    const good = signLink("confirm", subscriber);
    const [id, expires, signature] = good.split(".");
    const other = signLink("confirm", { id: subscriber.id + 1, email });
    const cases = [
      `${id}.${expires}.${signature!.slice(0, -2)}AA`,
      `${id}.${Number(expires) + 60}.${signature}`,
      signLink("unsubscribe", subscriber),
      other,
      "garbage",
    ];
    for (const token of cases) {
      const url = new URL(`http://localhost:3000/newsletter/confirm?token=${token}`);
      const page = await open(linkRoute, url);
      expect(page.status, token).toBe(400);
      expect(page.data.error, token).toBe(LINK_INVALID);
      const pressed = await press(linkRoute, url, { intent: "confirm" });
      expect(pressed.status, token).toBe(400);
    }
    const expired = signLink("confirm", subscriber, Date.now() - 8 * 24 * 3600_000);
    const stale = new URL(`http://localhost:3000/newsletter/confirm?token=${expired}`);
    expect((await press(linkRoute, stale, { intent: "confirm" })).data.formError).toBe(
      LINK_EXPIRED,
    );
    expect((await row(email))?.status).toBe("pending");
  });

  it("unsubscribes with one click (RFC 8058 POST, no session), and a new sign-up asks again", async () => {
    const email = uniqueEmail("leaver");
    await subscribe(email);
    const mail = await confirmationFor(email);
    await press(linkRoute, linkIn(mail.body, "/newsletter/confirm"), { intent: "confirm" });
    const oneClick = new URL(mail.headers["list-unsubscribe"]!.slice(1, -1));
    const done = await press(linkRoute, oneClick, { "List-Unsubscribe": "One-Click" });
    expect(done.status).toBe(200);
    expect((await row(email))?.status).toBe("unsubscribed");
    const forged = new URL(oneClick);
    forged.searchParams.set("token", signLink("unsubscribe", { id: 1, email: "x@example.com" }));
    expect((await press(linkRoute, forged, { "List-Unsubscribe": "One-Click" })).status).toBe(400);

    const before = smtp.mails.length;
    expect((await subscribe(email)).notice).toBe("Check your inbox to confirm your subscription.");
    const again = await confirmationFor(email, before);
    expect(again.headers.subject).toMatch(/Confirm your subscription/);
    expect((await row(email))?.status).toBe("pending");
  });
});

describe("old confirmation links", () => {
  it("confirm once; after an unsubscribe an old link never re-subscribes the address", async () => {
    const email = uniqueEmail("retired");
    await subscribe(email);
    const mail = await confirmationFor(email);
    const link = linkIn(mail.body, "/newsletter/confirm");
    expect((await press(linkRoute, link, { intent: "confirm" })).data.notice).toContain(email);
    const confirmedAt = (await row(email))?.confirmed_at;
    // Pressed again while subscribed: nothing changes.
    expect((await press(linkRoute, link, { intent: "confirm" })).status).toBe(200);
    expect((await row(email))?.confirmed_at).toBe(confirmedAt);

    const oneClick = new URL(mail.headers["list-unsubscribe"]!.slice(1, -1));
    await press(linkRoute, oneClick, { "List-Unsubscribe": "One-Click" });
    expect((await row(email))?.status).toBe("unsubscribed");

    // Whoever holds the old mail (a forwarded copy, a mailbox archive) cannot undo that.
    expect((await open(linkRoute, link)).data.error).toBe(LINK_INVALID);
    const replayed = await press(linkRoute, link, { intent: "confirm" });
    expect(replayed.status).toBe(400);
    expect(replayed.data.formError).toBe(LINK_INVALID);
    expect((await row(email))?.status).toBe("unsubscribed");

    // Signing up again sends a new link; the old one stays refused, the new one works once.
    const before = smtp.mails.length;
    await subscribe(email);
    const fresh = linkIn((await confirmationFor(email, before)).body, "/newsletter/confirm");
    expect((await press(linkRoute, link, { intent: "confirm" })).status).toBe(400);
    expect((await row(email))?.status).toBe("pending");
    expect((await press(linkRoute, fresh, { intent: "confirm" })).status).toBe(200);
    expect((await row(email))?.status).toBe("confirmed");
  });
});

describe("mail bombing through the newsletter box", () => {
  it("a pending address gets at most one confirmation an hour, however often it is entered", async () => {
    const email = uniqueEmail("patient");
    const sentTo = () => smtp.mails.filter((m) => m.to.includes(`<${email}>`)).length;
    /** Lets the confirmation a sign-up may owe go out (real time: `Date` is faked below). */
    const settleOutbox = async () => {
      for (let i = 0; i < 8; i++) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await outboxIdle();
        await processOutbox();
      }
    };
    await subscribe(email);
    await confirmationFor(email);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      for (const minutes of [1, 11, 30, 59]) {
        vi.setSystemTime(start + minutes * 60_000);
        await subscribe(email);
        await settleOutbox();
        expect(sentTo(), `${minutes} min later`).toBe(1);
      }
      vi.setSystemTime(start + 61 * 60_000);
      await subscribe(email);
      await settleOutbox();
      expect(sentTo()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a subscribed address entered again", () => {
  it("is told it is subscribed (the answer's 'check your inbox' holds), at most once an hour", async () => {
    const email = uniqueEmail("subscribed");
    await serviceClient(backend)
      .from("newsletter_subscribers")
      .insert({ email, status: "confirmed" });
    const sentTo = () => smtp.mails.filter((m) => m.to.includes(`<${email}>`));
    process.env.RATE_LIMIT = "on";
    try {
      for (let i = 0; i < 3; i++) {
        expect((await subscribe(email)).notice).toBe(
          "Check your inbox to confirm your subscription.",
        );
      }
      const deadline = Date.now() + 3000;
      while (sentTo().length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      process.env.RATE_LIMIT = "off";
    }
    const mails = sentTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers.subject).toBe("You are subscribed to the Jenga Digital newsletter");
    expect(mails[0]?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mails[0]?.body).toContain("/newsletter/unsubscribe?token=");
    expect(mails[0]?.body.trim()).toMatch(
      /Did not ask for this\? Ignore this mail: nothing has changed\.$/,
    );
    expect((await row(email))?.status).toBe("confirmed");
  });
});

describe("admin subscriber list and export", () => {
  it("lists, searches, filters and removes subscribers (audited)", async () => {
    const service = serviceClient(backend);
    const email = uniqueEmail("listed");
    await service.from("newsletter_subscribers").insert({ email, status: "confirmed" });
    const load = async (query: string) =>
      (await subscribers.loader(
        routeArgs(`/admin/subscribers${query}`, { cookie: admin }).args,
      )) as {
        list: { rows: { id: number; email: string }[]; total: number };
        confirmed: number;
      };
    const found = await load(`?q=${encodeURIComponent(email)}`);
    expect(found.list.rows.map((r) => r.email)).toEqual([email]);
    expect((await load("?status=unsubscribed")).list.rows.some((r) => r.email === email)).toBe(
      false,
    );
    const id = found.list.rows[0]!.id;
    const removed = asResponse(
      await settle(() =>
        subscribers.action(
          routeArgs("/admin/subscribers", {
            ...formPost({ intent: "remove", id: String(id) }),
            cookie: admin,
          }).args,
        ),
      ),
    );
    expect(removed).toHaveRedirect("/admin/subscribers");
    expect(await row(email)).toBeNull();
    const { data: audit } = await service
      .from("audit_log")
      .select("action, summary")
      .eq("target_id", String(id))
      .eq("target_type", "newsletter_subscribers");
    expect(audit).toEqual([{ action: "subscriber.removed", summary: email }]);
  });

  it("exports RFC 4180 CSV as a download, formula-like cells neutralised", async () => {
    const service = serviceClient(backend);
    const evil = `=HYPERLINK("http://evil.example")@${Date.now()}.example.com`;
    await service.from("newsletter_subscribers").insert([
      { email: evil, status: "confirmed" },
      { email: uniqueEmail("csv-pending"), status: "pending" },
    ]);
    const response = (await csv.loader(
      routeArgs("/admin/subscribers.csv?status=confirmed", { cookie: admin }).args,
    )) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="subscribers-confirmed-/,
    );
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("email,subscribed_at,status");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")@`);
    expect(text).not.toContain("csv-pending");
    expect(lines.at(-1)).toBe("");
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/,confirmed$/);
  });

  it("holds no formula for a spreadsheet splitting on , or on ; (French and German Excel)", async () => {
    const tag = Date.now();
    const hostile = [
      `x;=1+1;@${tag}.example.com`,
      `a;-2+3;@${tag}.example.com`,
      `b;+1;@${tag}.example.com`,
      `c;@SUM(1);@${tag}.example.com`,
      `d\t=1@${tag}.example.com`,
      `e,=1+1@${tag}.example.com`,
      `"f;=1";@${tag}.example.com`,
      `-2+3@${tag}.example.com`,
    ];
    await serviceClient(backend)
      .from("newsletter_subscribers")
      .insert(hostile.map((email) => ({ email, status: "pending" })));
    const response = (await csv.loader(
      routeArgs("/admin/subscribers.csv?status=pending", { cookie: admin }).args,
    )) as Response;
    const text = await response.text();
    for (const separator of [",", ";"]) {
      const cells = spreadsheetCells(text, separator);
      expect(cells.length).toBeGreaterThan(hostile.length);
      const formulas = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
      expect(formulas, `split on ${separator}`).toEqual([]);
    }
    // Split on commas, every address comes back as it is stored, behind the apostrophe.
    const emails = spreadsheetRows(text, ",").map((row) => row[0]?.replace(/^'/, ""));
    for (const email of hostile) expect(emails).toContain(email);
  });
});

/**
 * The rows of a CSV text as a spreadsheet reads them with `separator`: a cell that begins with
 * a quote runs to the closing quote (`""` is a quote), and anything after it up to the next
 * separator is kept in the cell (Excel's and LibreOffice's reading); CRLF ends a row outside
 * quotes.
 */
function spreadsheetRows(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = "";
    if (text[i] === '"') {
      i++;
      for (; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') cell += text[i++];
        else if (text[i] === '"') break;
        else cell += text[i];
      }
      i++;
    }
    while (i < text.length && text[i] !== separator && !text.startsWith("\r\n", i)) {
      cell += text[i++];
    }
    row.push(cell);
    if (text[i] === separator) i++;
    else {
      rows.push(row);
      row = [];
      i += 2;
    }
  }
  return rows;
}

const spreadsheetCells = (text: string, separator: string) =>
  spreadsheetRows(text, separator).flat();

/**
 * The Cache-Control the production server sends for every route of app/routes.ts, in every
 * language it is mounted in, to a visitor signed out (twice: the second answer comes from the
 * page cache when the first was stored), a signed-in member and the administrator. The
 * expectations are per route module: a route added with a new module fails here until it has
 * one, and a route added with a known module is checked against that module's classes.
 */

import { TEST_ADMIN } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KINDS } from "~/domain/site/editor/kinds";
import routes from "../../app/routes.ts";
import { cookieHeaderFrom } from "../support/route-args";
import { type RouteLeaf, routeLeaves } from "../support/route-table";
import { startTestSite, type TestSite } from "../support/site";

/** The exact header values the site sends (what CDNs and browsers act on). */
const SENT = {
  public: "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  private: "private, no-store",
  immutable: "public, max-age=31536000, immutable",
  "no-store": "no-store",
  "short-lived": "public, max-age=3600",
} as const;
type Sent = keyof typeof SENT;

type Visitor = "anonymous" | "member" | "admin";
type Answer = readonly [status: number, sent: Sent];
type Expected = Record<Visitor, Answer> & { query?: string };

/** Shared by every anonymous visitor (and CDNs); personal to anyone signed in. */
const publicPage: Expected = {
  anonymous: [200, "public"],
  member: [200, "private"],
  admin: [200, "private"],
};
/** Never stored anywhere, whoever asks: the statuses each visitor gets. */
const personal = (anonymous: number, member: number, admin: number): Expected => ({
  anonymous: [anonymous, "private"],
  member: [member, "private"],
  admin: [admin, "private"],
});
/** The admin area: others are sent away (login, home), the administrator gets `status`. */
const adminOnly = (status = 200, query?: string): Expected => ({
  ...personal(302, 302, status),
  query,
});

/** Per route module (app/routes.ts `file`). */
const EXPECTED: Record<string, Expected> = {
  "routes/home.tsx": publicPage,
  "routes/services/index.tsx": publicPage,
  "routes/services/detail.tsx": publicPage,
  "routes/blog/index.tsx": publicPage,
  "routes/blog/rss.ts": publicPage,
  "routes/blog/post.tsx": publicPage,
  "routes/contact.tsx": publicPage,
  "routes/newsletter.tsx": personal(200, 200, 200),
  // Without a token: the page says the link is incomplete.
  "routes/newsletter/link.tsx": personal(400, 400, 400),
  "routes/account/portfolio.tsx": personal(302, 200, 200),
  // A private file nobody has (below): sign in first, then 404; never stored.
  "routes/account/file.ts": personal(302, 404, 404),
  // An organisation nobody belongs to (the same id): sign in first, then 404.
  "routes/account/organisation.tsx": personal(302, 404, 404),
  "routes/account/project.tsx": personal(302, 404, 404),
  "routes/account/project-files.tsx": personal(302, 404, 404),
  "routes/account/project-files-resumable.ts": personal(302, 404, 404),
  "routes/account/project-decisions-csv.ts": personal(302, 404, 404),
  // A quote of a client nobody is in: sign in first, then 404.
  "routes/account/quote.tsx": personal(302, 404, 404),
  // A client nobody is in (below): its invoices, an invoice, its PDF and a payment are 404.
  "routes/account/invoices.tsx": personal(302, 404, 404),
  "routes/account/invoice.tsx": personal(302, 404, 404),
  "routes/account/invoice-pdf.ts": personal(302, 404, 404),
  "routes/account/payment.tsx": personal(302, 404, 404),
  "routes/legal/document.tsx": publicPage,
  "routes/auth/login.tsx": personal(200, 302, 302),
  "routes/auth/signup.tsx": personal(200, 302, 302),
  "routes/auth/logout.tsx": personal(302, 302, 302),
  "routes/auth/forgot-password.tsx": personal(200, 200, 200),
  "routes/auth/reset-password.tsx": personal(302, 200, 200),
  "routes/auth/confirm.tsx": personal(302, 302, 302),
  "routes/not-found.tsx": personal(404, 404, 404),
  // A link that is not an invitation's (the token below): 404, never stored.
  "routes/invitation.tsx": personal(404, 404, 404),
  "routes/account/profile.tsx": personal(302, 200, 200),
  "routes/account/profile-data.ts": personal(302, 200, 200),
  "routes/account/dashboard.tsx": personal(302, 200, 200),
  "routes/account/onboarding.tsx": personal(302, 302, 302),
  "routes/account/email-banner.tsx": personal(302, 302, 302),
  "routes/language.ts": personal(302, 302, 302),
  "routes/admin/overview.tsx": adminOnly(),
  "routes/admin/messages.tsx": adminOnly(),
  "routes/admin/message.tsx": adminOnly(),
  "routes/admin/subscribers.tsx": adminOnly(),
  "routes/admin/subscribers-csv.ts": adminOnly(),
  "routes/admin/people.tsx": adminOnly(),
  "routes/admin/analytics.tsx": adminOnly(),
  "routes/admin/analytics-csv.ts": adminOnly(200, "?table=pages"),
  "routes/admin/activity.tsx": adminOnly(),
  "routes/admin/jobs.tsx": adminOnly(),
  "routes/admin/clients.tsx": adminOnly(),
  // A client id nobody has (the seed has no clients): 404 for the admin, private for all.
  "routes/admin/client.tsx": adminOnly(404),
  "routes/admin/project-new.tsx": adminOnly(404),
  "routes/admin/project.tsx": adminOnly(404),
  "routes/admin/project-files.tsx": adminOnly(404),
  // The client's portal as its members see it, of a client nobody has: 404.
  "routes/admin/client-view.tsx": adminOnly(404),
  "routes/admin/client-project-view.tsx": adminOnly(404),
  "routes/admin/client-files-view.tsx": adminOnly(404),
  "routes/admin/client-invoices-view.tsx": adminOnly(404),
  "routes/admin/client-invoice-view.tsx": adminOnly(404),
  "routes/admin/client-invoice-pdf-view.ts": adminOnly(404),
  "routes/admin/client-quote-view.tsx": adminOnly(404),
  "routes/admin/project-decisions-csv.ts": adminOnly(404),
  // Quotes (issue 43): the list; a new one for no lead or client and a quote nobody has: 404.
  "routes/admin/quotes.tsx": adminOnly(),
  "routes/admin/quote-new.tsx": adminOnly(),
  "routes/admin/quote.tsx": adminOnly(404),
  // Billing (issue 43): an invoice nobody has answers 404 (its page, its PDF, a client's new one).
  "routes/admin/billing.tsx": adminOnly(),
  "routes/admin/invoices.tsx": adminOnly(),
  "routes/admin/payments.tsx": adminOnly(),
  "routes/admin/invoices-csv.ts": adminOnly(),
  "routes/admin/invoice-new.tsx": adminOnly(404),
  "routes/admin/invoice.tsx": adminOnly(404),
  "routes/admin/invoice-pdf.ts": adminOnly(404),
  // A version's upload takes posts; a read goes back to the project's page.
  "routes/admin/deliverable-version.ts": adminOnly(302),
  "routes/admin/posts-list.tsx": adminOnly(),
  "routes/admin/post-new.tsx": adminOnly(),
  "routes/admin/post-edit.tsx": adminOnly(),
  "routes/admin/site-list.tsx": adminOnly(),
  "routes/admin/site-edit.tsx": adminOnly(),
  "routes/admin/site-history.tsx": adminOnly(),
  "routes/admin/media-library.tsx": adminOnly(),
  // The upload endpoint takes posts; a read is a bad request.
  "routes/admin/media-upload.ts": adminOnly(400),
  // Content-addressed: the same bytes for everyone, for a year.
  "routes/media.ts": {
    anonymous: [200, "immutable"],
    member: [200, "immutable"],
    admin: [200, "immutable"],
  },
  "routes/seo/sitemap.ts": publicPage,
  "routes/seo/robots.ts": publicPage,
};

const leaves = routeLeaves(routes);
const VISITORS: Visitor[] = ["anonymous", "member", "admin"];

let site: TestSite;
const cookies: Record<Visitor, string> = { anonymous: "", member: "", admin: "" };
/** Real values for each dynamic segment, from the seeded database. */
const ids = {
  service: "",
  postIn: {} as Record<string, number>,
  message: 0,
  media: "",
  kind: {} as Record<string, string>,
};

async function signIn(email: string, password: string) {
  const login = await fetch(`${site.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  if (login.status !== 302) throw new Error(`sign-in answered ${login.status}`);
  return cookieHeaderFrom(login.headers.getSetCookie());
}

async function rows<T>(
  query: PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
) {
  const { data, error } = await query;
  if (error || !data?.length) throw new Error(`no seeded rows: ${error?.message ?? "empty"}`);
  return data;
}

beforeAll(async () => {
  site = await startTestSite();
  const db = site.service;
  const email = `cache-classes-${Date.now()}@example.com`;
  const password = "member-password-1";
  const created = await db.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Amina Wanjiru", onboarded: true },
  });
  if (created.error) throw new Error(created.error.message);
  cookies.member = await signIn(email, password);
  cookies.admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);

  const [service] = await rows(
    db.from("services").select("slug").eq("published", true).order("id"),
  );
  ids.service = (service as { slug: string }).slug;
  const posts = await rows<{ id: number; lang: string | null }>(
    db.from("posts").select("id, lang").eq("published", true).order("id"),
  );
  for (const lang of ["en", "sw", "fr"]) {
    const post = posts.find((p) => (p.lang ?? "en") === lang);
    if (!post) throw new Error(`no published post in ${lang}`);
    ids.postIn[lang] = post.id;
  }
  const [message] = await rows<{ id: number }>(
    db
      .from("contact_messages")
      .insert({ name: "Amina", email: "amina@example.com", message: "A question about prices." })
      .select("id"),
  );
  ids.message = (message as { id: number }).id;
  const [media] = await rows<{ hash: string }>(db.from("media").select("hash").order("id"));
  ids.media = `${(media as { hash: string }).hash}/480.jpg`;
  for (const kind of Object.values(KINDS)) {
    if (kind.ids === "settings") continue;
    const [first] = await rows<{ id: string | number }>(
      db.from(kind.entity).select("id").order("id").limit(1),
    );
    ids.kind[kind.name] = String((first as { id: string | number }).id);
  }
}, 120_000);
afterAll(async () => site?.stop());

/** The page's language prefix ("" for English). */
const langOf = (leaf: RouteLeaf) => /^(sw|fr)(?:\/|$)/.exec(leaf.path)?.[1] ?? "en";

/** The leaf's URL with every dynamic segment filled with a real id or slug. */
function urlOf(leaf: RouteLeaf): string {
  const admin = /^admin\/([^/]+)\//.exec(leaf.path)?.[1];
  const path = leaf.path
    .replace(":hash/:file", ids.media)
    .replace(/:(\w+)/g, (_, name: string) => {
      if (name === "serviceId") return ids.service;
      if (name === "postId") return String(ids.postIn[langOf(leaf)]);
      if (name === "token") return "0.not-a-token";
      // A client that does not exist (and so no project of it): the 404 classes.
      if (name === "projectId") return "1";
      if (name === "deliverableId") return "1";
      if (name === "quoteId") return "1";
      if (name === "invoiceId" || name === "pushId") return "1";
      if (name === "uploadId") return "bm8tc3VjaC11cGxvYWQ";
      if (name === "organisationId") return "00000000-0000-4000-8000-00000000c11e";
      if (name === "id" && admin === "clients") return "00000000-0000-4000-8000-00000000c11e";
      if (name === "id" && admin === "messages") return String(ids.message);
      if (name === "id" && admin === "quotes") return "999999";
      if (name === "id" && admin === "invoices") return "999999";
      if (name === "id" && admin === "posts") return String(ids.postIn.en);
      if (name === "id" && admin && ids.kind[admin]) return ids.kind[admin];
      throw new Error(`/${leaf.path}: no seeded value for :${name}`);
    })
    .replace(/\*$/, "no-such-page");
  return `/${path}${EXPECTED[leaf.file]?.query ?? ""}`;
}

interface Seen {
  url: string;
  visitor: Visitor | "anonymous again";
  status: number;
  cacheControl: string | null;
}

async function get(url: string, visitor: Seen["visitor"], headers: Record<string, string> = {}) {
  const cookie = cookies[visitor === "anonymous again" ? "anonymous" : visitor];
  const response = await fetch(`${site.url}${url}`, {
    redirect: "manual",
    headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
  });
  await response.arrayBuffer();
  return {
    url,
    visitor,
    status: response.status,
    cacheControl: response.headers.get("Cache-Control"),
  };
}

/** Runs `tasks` `width` at a time. */
async function inBatches<T>(tasks: (() => Promise<T>)[], width = 8): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += width) {
    results.push(...(await Promise.all(tasks.slice(i, i + width).map((task) => task()))));
  }
  return results;
}

describe("the cache classes of the route config", () => {
  it("has an expectation for every route module, and no expectation without a route", () => {
    const files = new Set(leaves.map((leaf) => leaf.file));
    expect(
      [...files].filter((file) => !EXPECTED[file]),
      "routes without an expectation",
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((file) => !files.has(file)),
      "stale expectations",
    ).toEqual([]);
    // The public pages are mounted in every language: each of them is checked three times.
    expect(leaves.filter((leaf) => leaf.file === "routes/blog/post.tsx").map(urlOf)).toHaveLength(
      3,
    );
  });

  it("sends each visitor of every route, in every language, its class", async () => {
    const urls = leaves.map(urlOf);
    const first = await inBatches(
      urls.flatMap((url) => VISITORS.map((visitor) => () => get(url, visitor))),
    );
    // After the first anonymous answers: the cacheable ones come from the page cache now.
    const again = await inBatches(urls.map((url) => () => get(url, "anonymous again")));
    const wrong: string[] = [];
    for (const seen of [...first, ...again]) {
      const leaf = leaves[urls.indexOf(seen.url)] as RouteLeaf;
      const visitor = seen.visitor === "anonymous again" ? "anonymous" : seen.visitor;
      const [status, sent] = (EXPECTED[leaf.file] as Expected)[visitor];
      if (seen.status !== status || seen.cacheControl !== SENT[sent]) {
        wrong.push(
          `${seen.visitor} GET ${seen.url}: ${seen.status} "${seen.cacheControl}", expected ${status} "${SENT[sent]}"`,
        );
      }
    }
    expect(wrong).toEqual([]);
    expect(first.length).toBeGreaterThan(400);
  });

  it("keeps personal what a signed-out visitor makes personal: a toast, the language suggestion", async () => {
    const toast = await get("/services", "anonymous", { Cookie: "toast=x" });
    expect(toast.cacheControl).toBe(SENT.private);
    const suggestion = await get("/", "anonymous", { "Accept-Language": "sw" });
    expect(suggestion.cacheControl).toBe(SENT.private);
    const chosen = await get("/", "anonymous", { "Accept-Language": "sw", Cookie: "lang=en" });
    expect(chosen.cacheControl).toBe(SENT.public);
  });
});

describe("the answers outside the route config", () => {
  it("sends build assets immutable, other public files short-lived, probes and refusals no-store", async () => {
    const home = await (await fetch(`${site.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)?.[0];
    expect(asset).toBeDefined();
    const answers = await Promise.all([
      get(asset as string, "anonymous"),
      get("/favicon.ico", "anonymous"),
      get("/healthz", "anonymous"),
      get("//evil.example/", "anonymous"),
    ]);
    expect(answers.map((a) => [a.url, a.status, a.cacheControl])).toEqual([
      [asset, 200, SENT.immutable],
      ["/favicon.ico", 200, SENT["short-lived"]],
      ["/healthz", 200, SENT["no-store"]],
      ["//evil.example/", 404, SENT["no-store"]],
    ]);
  });
});

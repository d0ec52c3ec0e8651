/**
 * The W3C Nu Html Checker (the `vnu-jar` package, on Debian's Java) over what the production
 * server answers: every public page in every language signed out (a crawl from `/`, `/sw/`,
 * `/fr/` and the sitemap) and signed in, the onboarding wizard at each step, every admin page
 * (a crawl of /admin, the site editors included), and the answer of every form to bad input
 * posted without JavaScript. All documents go through ONE run of the checker; zero errors.
 */

import { loadOrCreateSecret } from "@jenga/supabase-local/jwt";
import { TEST_ADMIN } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LAST_STEP } from "~/domain/onboarding/survey";
import { crawl } from "../support/crawler";
import { forgedSessionCookie } from "../support/forged-session";
import { type HtmlError, validateHtml } from "../support/html-validator";
import { cookieHeaderFrom, withCookies } from "../support/route-args";
import { startTestSite, type TestSite } from "../support/site";

/** ~8 s of checker for ~500 documents on a quiet machine; room for a CI runner under load. */
const CHECK_BOUND_MS = 120_000;
const LANGS = ["", "/sw", "/fr"] as const;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" } as const;

let site: TestSite;
const documents = new Map<string, string>();
let errors: HtmlError[] = [];
const unexpected: string[] = [];
let checkMs = 0;

/**
 * Fetches `path` and keeps its HTML as the document `label` (the answer's status must fit). The
 * test site runs with rate limits off, so its form gate never paces this one client's posts
 * while the crawl keeps its event loop busy (server/form-gate.ts, `overloadSignal`).
 */
async function keep(
  label: string,
  path: string,
  {
    cookie = "",
    form,
    status = [200],
  }: { cookie?: string; form?: Record<string, string> | string[][]; status?: number[] } = {},
) {
  const response = await send(path, cookie, form);
  const location = response.headers.get("location");
  if (form && location && status.includes(302) && response.status >= 300 && response.status < 400) {
    // What a browser without JavaScript shows next: the page the answer sends it to.
    return keep(label, location, { cookie: withCookies(cookie, response) });
  }
  const html = await response.text();
  if (!status.includes(response.status))
    unexpected.push(`${label}: ${response.status} instead of ${status.join("/")}`);
  else documents.set(label, html);
  return response;
}

function send(path: string, cookie: string, form?: Record<string, string> | string[][]) {
  return fetch(`${site.url}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { ...(form ? FORM : {}), ...(cookie ? { Cookie: cookie } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
}

async function signIn(email: string, password: string) {
  const login = await fetch(`${site.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: FORM,
    body: new URLSearchParams({ email, password }),
  });
  if (login.status !== 302) throw new Error(`sign-in answered ${login.status}`);
  return cookieHeaderFrom(login.headers.getSetCookie());
}

async function createUser(onboarded: boolean) {
  const email = `vnu-${onboarded}-${Date.now()}@example.com`;
  const password = "user-password-123";
  const { error } = await site.service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Amina Wanjiru", onboarded },
  });
  if (error) throw new Error(error.message);
  return signIn(email, password);
}

/**
 * Every HTML page a crawl reaches, as documents named by their paths (and `who`): each path once
 * per set of query parameters (`/blog?category=a` and `/blog?category=b` are the same template).
 */
async function keepCrawl(who: string, starts: string[], options: Parameters<typeof crawl>[2]) {
  const visits = await crawl(site.url, starts, options);
  const seen = new Set<string>();
  for (const visit of visits.values()) {
    const url = new URL(visit.url);
    const shape = `${url.pathname}?${[...new Set(url.searchParams.keys())].sort().join("&")}`;
    if (!visit.html || seen.has(shape)) continue;
    seen.add(shape);
    documents.set(`${who} ${visit.url.slice(site.url.length)}`, visit.html);
  }
}

async function signedOut() {
  await keepCrawl("anonymous", ["/", "/sw/", "/fr/", "/sitemap.xml"], {});
  for (const lang of LANGS) {
    for (const path of ["/login", "/signup", "/forgot-password", "/newsletter"])
      await keep(`anonymous ${lang}${path}`, `${lang}${path}`);
    for (const path of ["/newsletter/confirm?token=x", "/newsletter/unsubscribe?token=x"])
      await keep(`anonymous ${lang}${path}`, `${lang}${path}`, { status: [200, 400, 404, 410] });
    await keep(`anonymous ${lang}/no-such-page`, `${lang}/no-such-page`, { status: [404] });
    await keep(`anonymous ${lang}/blog/999999`, `${lang}/blog/999999`, { status: [404] });
  }
}

/** The forms anyone can post, each with bad input, in every language. */
async function publicFormErrors() {
  const bad: [path: string, form: Record<string, string>][] = [
    ["/contact", { name: "", email: "not-an-email", message: "", name__confirm: "" }],
    ["/newsletter", { email: "not-an-email", name__confirm: "" }],
    ["/login", { email: "", password: "" }],
    ["/login", { email: "nobody@example.com", password: "wrong-password-1" }],
    [
      "/signup",
      { email: "not-an-email", password: "short", confirmPassword: "other", name__confirm: "" },
    ],
    ["/forgot-password", { email: "not-an-email", name__confirm: "" }],
    ["/auth/confirm", { token_hash: "forged", type: "signup" }],
    ["/newsletter/confirm", { token: "forged" }],
    ["/newsletter/unsubscribe", { token: "forged" }],
  ];
  for (const lang of LANGS) {
    for (const [i, [path, form]] of bad.entries()) {
      await keep(`anonymous POST ${lang}${path} #${i}`, `${lang}${path}`, {
        form,
        status: [302, 400, 401, 403, 404, 410, 422],
      });
    }
  }
}

async function signedIn() {
  const cookie = await createUser(true);
  await keepCrawl(
    "user",
    LANGS.flatMap((l) => [`${l}/dashboard`, `${l}/profile`, `${l}/portfolio`, `${l}/`]),
    {
      cookie,
      follow: (url) => /^(\/(sw|fr))?\/(dashboard|profile|portfolio)/.test(url.pathname),
    },
  );
  for (const lang of LANGS) {
    await keep(`user ${lang}/reset-password`, `${lang}/reset-password`, { cookie });
    await keep(`user POST ${lang}/reset-password`, `${lang}/reset-password`, {
      cookie,
      form: { currentPassword: "", password: "short", confirmPassword: "other" },
      status: [400],
    });
    await keep(`user POST ${lang}/profile`, `${lang}/profile`, {
      cookie,
      form: { intent: "profile", fullName: "x".repeat(300), username: "bad name!" },
      status: [400],
    });
    await keep(`user POST ${lang}/profile password`, `${lang}/profile`, {
      cookie,
      form: { intent: "password", currentPassword: "", password: "short", confirmPassword: "x" },
      status: [400],
    });
  }
}

/** The wizard over the home page at each of its steps, and its answer to bad input. */
async function onboarding() {
  let cookie = await createUser(false);
  for (let step = 0; step <= LAST_STEP; step++) {
    for (const lang of LANGS) await keep(`new user step ${step} ${lang}/`, `${lang}/`, { cookie });
    const next = await fetch(`${site.url}/onboarding`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM, Cookie: cookie },
      body: new URLSearchParams({ step: String(step), intent: "next", redirectTo: "/" }),
    });
    cookie = withCookies(cookie, next);
  }
  // Answers it cannot read (too many services ticked) send the visitor back with a message.
  const bad = [["step", "2"], ["intent", "next"], ...Array(40).fill(["services", "x"])];
  for (const lang of LANGS) {
    await keep(`new user POST ${lang}/onboarding`, `${lang}/onboarding`, {
      cookie,
      form: bad,
      status: [302],
    });
  }
}

/** The "confirm your e-mail" banner over the pages of an account not confirmed yet. */
async function unconfirmed() {
  const email = `vnu-unconfirmed-${Date.now()}@example.com`;
  const { data, error } = await site.service.auth.admin.createUser({
    email,
    password: "user-password-123",
    user_metadata: { full_name: "Amina Wanjiru", onboarded: true },
  });
  if (error) throw new Error(error.message);
  const secret = loadOrCreateSecret(site.dataDir);
  const { name, value } = await forgedSessionCookie(secret, site.backendUrl, {
    id: data.user.id,
    email,
  });
  for (const lang of LANGS) {
    await keep(`unconfirmed ${lang}/dashboard`, `${lang}/dashboard`, {
      cookie: `${name}=${value}`,
    });
  }
}

/** Every admin page (a crawl of /admin) and each editor's answer to an empty form. */
async function admin() {
  const cookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  // A message, so that the inbox has one to open.
  await fetch(`${site.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: FORM,
    body: new URLSearchParams({
      name: "Amina Wanjiru",
      email: "amina@example.com",
      message: "We need a website for our shop in Nakuru.",
      name__confirm: "",
    }),
  });
  await keepCrawl("admin", ["/admin"], {
    cookie,
    follow: (url) => url.pathname.startsWith("/admin") && !url.pathname.endsWith(".csv"),
  });
  const editors = [...documents.keys()]
    .map(
      (label) =>
        /^admin (\/admin\/(?!messages|people|activity|subscribers|media)[a-z-]+\/(new|\d+))$/.exec(
          label,
        )?.[1],
    )
    .filter((path): path is string => Boolean(path));
  for (const path of new Set([...editors, "/admin/settings"])) {
    await keep(`admin POST ${path}`, path, {
      cookie,
      form: { intent: "save" },
      status: [400, 409],
    });
  }
  // The agency-role form refusing the admin's own admin role: the message under the field.
  const { data } = await site.service.auth.admin.listUsers();
  const me = data.users.find((user) => user.email === TEST_ADMIN.email)?.id ?? "";
  await keep("admin POST /admin/people role", `/admin/people?role=${me}`, {
    cookie,
    form: { intent: "role", user: me, role: "staff" },
    status: [409],
  });
}

beforeAll(async () => {
  site = await startTestSite();
  await signedOut();
  await publicFormErrors();
  await signedIn();
  await onboarding();
  await unconfirmed();
  await admin();
  const started = performance.now();
  errors = await validateHtml(documents);
  checkMs = performance.now() - started;
  console.log(
    `[html-validity] ${documents.size} documents checked in ${(checkMs / 1000).toFixed(1)} s`,
  );
}, 300_000);
afterAll(async () => site?.stop());

it("checks every kind of page: public in three languages, signed in, onboarding, admin, form errors", () => {
  expect(unexpected).toEqual([]);
  const count = (pattern: RegExp) => [...documents.keys()].filter((l) => pattern.test(l)).length;
  for (const lang of LANGS) {
    expect(count(new RegExp(`^anonymous ${lang}/`))).toBeGreaterThan(30);
    for (const path of ["/", "/services", "/blog", "/contact", "/terms", "/privacy", "/signup"])
      expect([...documents.keys()], path).toContain(`anonymous ${lang}${path}`);
  }
  expect(count(/^anonymous POST/)).toBe(27);
  expect(count(/^user .*(dashboard|profile|portfolio)/)).toBeGreaterThan(9);
  expect(count(/^new user/)).toBe(3 * (LAST_STEP + 1) + 3);
  expect(
    count(/^admin \/admin\/(services|portfolio|team|testimonials|figures|legal|chat)/),
  ).toBeGreaterThan(20);
  expect(count(/^unconfirmed/)).toBe(3);
  expect(count(/^admin POST/)).toBeGreaterThan(8);
});

it("finds zero errors in one run of the Nu Html Checker, within its time bound", () => {
  expect(errors.map((e) => `${e.document}:${e.line}: ${e.message} ${e.extract ?? ""}`)).toEqual([]);
  expect(checkMs).toBeLessThan(CHECK_BOUND_MS);
});

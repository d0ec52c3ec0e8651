import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewerContext } from "~/web/viewer.server";
import routes from "../../app/routes.ts";
import { asResponse, settle, toastOf } from "../support/answers";
import { createUser, signInCookie, startAppBackend, type TestBackend } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { type RouteLeaf, routeLeaves } from "../support/route-table";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

/**
 * The account and admin areas are guarded once, by the middleware of their layouts in
 * app/routes.ts. This walks the route config, so a route added to an area is checked here
 * without anyone listing it, and a route module of an area mounted outside its layout fails.
 */
const ADMIN = "routes/admin/layout.ts";
const ACCOUNT = "routes/account/layout.ts";
const ACCOUNT_FORMS = "routes/account/forms-layout.ts";
const LAYOUTS = [ADMIN, ACCOUNT, ACCOUNT_FORMS];

const leaves = routeLeaves(routes);
/** The routes under a layout (at least `least` of them: a walk that finds none proves nothing). */
function under(layout: string, least = 1) {
  const found = leaves.filter((leaf) => leaf.layouts.includes(layout));
  expect(found.length, `routes under ${layout}`).toBeGreaterThanOrEqual(least);
  return found;
}

type RouteModule = {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
  middleware?: MiddlewareFunction<Response>[];
};
const load = (file: string): Promise<RouteModule> => import(resolve("app", file));

/** The leaf's path with every `:param` filled in, and those params. */
function concrete(leaf: RouteLeaf) {
  const params: Record<string, string> = {};
  const path = `/${leaf.path.replace(/:(\w+)/g, (_, name: string) => {
    params[name] = "1";
    return "1";
  })}`;
  return { path, params };
}

/** The login page a visitor of `path` is sent to, in the page's language. */
function loginFor(path: string) {
  const lang = /^\/(sw|fr)(\/|$)/.exec(path)?.[1];
  return `${lang ? `/${lang}` : ""}/login?redirectTo=${encodeURIComponent(path)}`;
}

function request(leaf: RouteLeaf, method: "GET" | "POST", cookie?: string) {
  const { path, params } = concrete(leaf);
  const init = method === "POST" ? formPost({ intent: "delete", id: "1" }) : {};
  return { path, args: routeArgs(path, { ...init, cookie, params }).args };
}

/**
 * The request through the middleware of the leaf's layouts, as the server runs them (after the
 * root's, which routeArgs stands in for): what they answered, and whether the route was reached.
 */
async function throughLayouts(leaf: RouteLeaf, method: "GET" | "POST", cookie?: string) {
  const { path, args } = request(leaf, method, cookie);
  const chain = (await Promise.all(leaf.layouts.map(load))).flatMap((m) => m.middleware ?? []);
  let reached = false;
  const run = async (i: number): Promise<Response> => {
    const middleware = chain[i];
    if (!middleware) {
      reached = true;
      return new Response("the route");
    }
    return (await middleware(args as never, () => run(i + 1))) ?? new Response("no answer");
  };
  const answer = await settle(() => run(0));
  const viewer = reached ? settleSync(() => args.context.get(viewerContext)) : undefined;
  return { path, reached, viewer, answer: reached ? undefined : asResponse(answer) };
}

/** What `run` returned, or undefined when it threw (no viewer in the context). */
function settleSync<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

let backend: TestBackend;
let member: string;
let admin: string;

beforeAll(async () => {
  backend = await startAppBackend();
  const user = await createUser(backend);
  member = await signInCookie(user.email, user.password);
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterAll(() => backend.close());

describe("the route config", () => {
  it("mounts every route module of app/routes/admin and app/routes/account under its guard", () => {
    const areas = { admin: [ADMIN], account: [ACCOUNT, ACCOUNT_FORMS] } as const;
    for (const [area, guards] of Object.entries(areas)) {
      const files = readdirSync(resolve("app/routes", area))
        .filter((name) => /\.tsx?$/.test(name) && !/\.(server|test)\.tsx?$/.test(name))
        .map((name) => `routes/${area}/${name}`)
        .filter((file) => !LAYOUTS.includes(file));
      expect(files.length, area).toBeGreaterThan(1);
      for (const file of files) {
        const mounted = leaves.filter((leaf) => leaf.file === file);
        expect(mounted.length, `${file} is mounted`).toBeGreaterThan(0);
        for (const leaf of mounted) {
          expect(
            leaf.layouts.some((layout) => (guards as readonly string[]).includes(layout)),
            `/${leaf.path} (${file}) sits under ${guards.join(" or ")}`,
          ).toBe(true);
        }
      }
    }
  });

  it("puts every /admin path under the admin layout, and only admin modules there", () => {
    const adminPaths = leaves.filter((leaf) => /^admin(\/|$)/.test(leaf.path));
    expect(adminPaths.length).toBeGreaterThan(40);
    for (const leaf of adminPaths) expect(leaf.layouts, `/${leaf.path}`).toContain(ADMIN);
    for (const leaf of under(ADMIN)) expect(leaf.file, `/${leaf.path}`).toMatch(/^routes\/admin\//);
  });

  it("mounts the account area in every language", () => {
    const paths = [...under(ACCOUNT), ...under(ACCOUNT_FORMS)].map((leaf) => `/${leaf.path}`);
    const pages = ["/profile", "/dashboard", "/portfolio", "/onboarding", "/email-banner"];
    for (const page of [...pages, "/reset-password"]) {
      for (const lang of ["", "/sw", "/fr"]) expect(paths).toContain(`${lang}${page}`);
    }
  });
});

describe("the admin layout", () => {
  it("sends anonymous visitors of every admin route to the login page, reads and posts", async () => {
    for (const leaf of under(ADMIN, 40)) {
      for (const method of ["GET", "POST"] as const) {
        const { path, reached, answer } = await throughLayouts(leaf, method);
        expect(reached, `${method} ${path}`).toBe(false);
        expect(answer?.status, `${method} ${path}`).toBe(302);
        expect(answer?.headers.get("Location"), `${method} ${path}`).toBe(loginFor(path));
      }
    }
  });

  it("sends signed-in members home with an info toast, and lets the admin through", async () => {
    for (const leaf of under(ADMIN, 40)) {
      for (const method of ["GET", "POST"] as const) {
        const { path, reached, answer } = await throughLayouts(leaf, method, member);
        expect(reached, `${method} ${path}`).toBe(false);
        expect(answer?.headers.get("Location"), `${method} ${path}`).toBe("/");
        expect(await toastOf(answer as Response), `${method} ${path}`).toMatchObject({
          type: "info",
          title: "That page is for administrators only.",
        });
        expect((await throughLayouts(leaf, method, admin)).reached, `admin ${path}`).toBe(true);
      }
    }
  });
});

describe("the viewer the layouts put into the router context", () => {
  it("is the verified user with their rights, in every area; a read of the forms has none", async () => {
    const adminLeaf = under(ADMIN)[0] as RouteLeaf;
    const asAdmin = await throughLayouts(adminLeaf, "GET", admin);
    expect(asAdmin.viewer).toMatchObject({
      user: { email: backend.admin.email },
      isAdmin: true,
      agencyRole: "admin",
      memberships: [],
    });
    for (const leaf of [...under(ACCOUNT), ...under(ACCOUNT_FORMS)]) {
      const method = leaf.layouts.includes(ACCOUNT) ? "GET" : "POST";
      const { path, viewer } = await throughLayouts(leaf, method, member);
      expect(viewer, `${method} ${path}`).toMatchObject({
        isAdmin: false,
        agencyRole: null,
        memberships: [],
      });
      expect(viewer?.user.id, `${method} ${path}`).toMatch(/^[0-9a-f-]{36}$/);
    }
    const read = await throughLayouts(under(ACCOUNT_FORMS)[0] as RouteLeaf, "GET", member);
    expect(read.reached).toBe(true);
    expect(read.viewer).toBeUndefined();
  });
});

describe("the account layouts", () => {
  it("send anonymous visitors of the account pages to the login page in their language", async () => {
    for (const leaf of under(ACCOUNT, 6)) {
      for (const method of ["GET", "POST"] as const) {
        const { path, reached, answer } = await throughLayouts(leaf, method);
        expect(reached, `${method} ${path}`).toBe(false);
        expect(answer?.headers.get("Location"), `${method} ${path}`).toBe(loginFor(path));
        expect((await throughLayouts(leaf, method, member)).reached, `member ${path}`).toBe(true);
      }
    }
  });

  it("send anonymous posts of the account forms to the login page; a read is the form's", async () => {
    for (const leaf of under(ACCOUNT_FORMS, 6)) {
      const { path, reached, answer } = await throughLayouts(leaf, "POST");
      expect(reached, `POST ${path}`).toBe(false);
      expect(answer?.headers.get("Location"), `POST ${path}`).toBe(loginFor(path));
      expect((await throughLayouts(leaf, "POST", member)).reached, `member ${path}`).toBe(true);
      expect((await throughLayouts(leaf, "GET")).reached, `GET ${path}`).toBe(true);
    }
  });
});

describe("the production server (the router runs the layouts' middleware before the routes)", () => {
  // No loader or action checks again: the layout's middleware is the one guard, and React
  // Router runs it before every loader and action of the routes below it (RLS remains the
  // database's own check). Through the built server, so the framework's wiring is what answers.
  let site: TestSite;
  let memberCookie = "";
  beforeAll(async () => {
    site = await startTestSite();
    const account = { email: `area-guards-${Date.now()}@example.com`, password: "member-pass-1" };
    const made = await site.service.auth.admin.createUser({
      ...account,
      email_confirm: true,
      user_metadata: { full_name: "Amina Wanjiru", onboarded: true },
    });
    if (made.error) throw new Error(made.error.message);
    memberCookie = await signInThroughForm(site.url, account);
  }, 120_000);
  afterAll(() => site?.stop());

  async function post(path: string, cookie?: string) {
    const response = await fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams({ intent: "delete", id: "1" }),
    });
    await response.arrayBuffer();
    return response;
  }

  it("sends anonymous posts to every route under the layouts, in every language, to the login page", async () => {
    const guarded = LAYOUTS.flatMap((layout) => under(layout));
    expect(guarded.length).toBeGreaterThan(55);
    for (const leaf of guarded) {
      const { path } = concrete(leaf);
      const answer = await post(path);
      expect(answer.status, `POST ${path}`).toBe(302);
      expect(answer.headers.get("Location"), `POST ${path}`).toBe(loginFor(path));
    }
  });

  it("sends members' posts to every admin route home", async () => {
    for (const leaf of under(ADMIN, 40)) {
      const { path } = concrete(leaf);
      const answer = await post(path, memberCookie);
      expect(answer.status, `member POST ${path}`).toBe(302);
      expect(answer.headers.get("Location"), `member POST ${path}`).toBe("/");
    }
  });
});

import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { asResponse, settle, toastOf } from "../support/answers";
import { createUser, signInCookie, startAppBackend, type TestBackend } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { type RouteLeaf, routeLeaves } from "../support/route-table";

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
  return { path, reached, answer: reached ? undefined : asResponse(answer) };
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
    for (const page of ["/profile", "/dashboard", "/onboarding", "/email-banner"]) {
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

describe("every action under the layouts, called without them (defence in depth)", () => {
  it("still refuses anonymous visitors, and members where admins only may post", async () => {
    const guarded = LAYOUTS.flatMap((layout) => under(layout));
    let actions = 0;
    for (const leaf of guarded) {
      const { action } = await load(leaf.file);
      if (!action) continue;
      actions++;
      const anonymous = request(leaf, "POST");
      const refused = asResponse(await settle(() => action(anonymous.args as never)));
      expect(refused.headers.get("Location"), `POST ${anonymous.path}`).toBe(
        loginFor(anonymous.path),
      );
      if (!leaf.layouts.includes(ADMIN)) continue;
      const signedIn = request(leaf, "POST", member);
      const home = asResponse(await settle(() => action(signedIn.args as never)));
      expect(home.headers.get("Location"), `member POST ${signedIn.path}`).toBe("/");
    }
    expect(actions).toBeGreaterThan(30);
  });
});

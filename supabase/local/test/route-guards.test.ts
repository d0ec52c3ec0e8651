/**
 * The guards the route tables declare, over HTTP: every `serviceRole` route refuses the anon
 * key as its service always has, the gateway's API-key rule for auth follows each route's
 * guard, and a path that is not valid percent-encoding is answered as each service answers it.
 * The tables are walked, so a route added without its guard fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ROUTES } from "../auth/router.ts";
import { SNAPSHOT_ROUTES } from "../backup.ts";
import { MAILBOX_ROUTES } from "../mailbox-http.ts";
import { ANY_METHOD, type Route } from "../route-table.ts";
import { startTestBackend, type TestBackend } from "../testing.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

/** A path the pattern matches: a user id for each param, one segment for the wildcard. */
const pathOf = (pattern: string) =>
  pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? crypto.randomUUID() : part === "*" ? "x" : part))
    .join("/");

const parsed = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text; // a snapshot's tarball
  }
};

/** A request with `{}` as its body (but for GET), with `key` as apikey and bearer if given. */
async function send(method: string, path: string, key?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) Object.assign(headers, { apikey: key, authorization: `Bearer ${key}` });
  const body = method === "GET" || method === "HEAD" ? undefined : "{}";
  const response = await fetch(`${backend.url}${path}`, {
    method,
    headers,
    body,
    redirect: "manual",
  });
  return {
    status: response.status,
    headers: response.headers,
    body: parsed(await response.text()),
  };
}

interface GuardedTable {
  prefix: string;
  routes: readonly Route[];
  /** How the service has always refused a caller without the service role. */
  refusal: { status: number; body: Record<string, unknown> };
}

const SERVICE_ROLE_TABLES: Record<string, GuardedTable> = {
  auth: {
    prefix: "/auth/v1",
    routes: AUTH_ROUTES,
    refusal: { status: 403, body: { code: "not_admin", message: "User not allowed" } },
  },
  mailbox: {
    prefix: "",
    routes: MAILBOX_ROUTES,
    refusal: {
      status: 403,
      body: { message: "Posting to the mailbox requires the service_role key" },
    },
  },
  snapshots: {
    prefix: "",
    routes: SNAPSHOT_ROUTES,
    refusal: { status: 401, body: { message: "The service-role key is required" } },
  },
};

const serviceRoleRoutes = Object.entries(SERVICE_ROLE_TABLES).flatMap(([service, table]) =>
  table.routes
    .filter((route) => route.guard === "serviceRole")
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== ANY_METHOD)
        .map((method) => ({
          service,
          table,
          method,
          path: `${table.prefix}${pathOf(route.pattern)}`,
        })),
    ),
);

describe("routes declared serviceRole", () => {
  it("include the admin API, the mailbox's POST and snapshots", () => {
    const declared = serviceRoleRoutes.map(({ method, path }) => `${method} ${path}`);
    expect(declared).toContain("POST /auth/v1/invite");
    expect(declared).toContain("POST /mailbox/messages.json");
    expect(declared).toContain("POST /backup/v1/snapshot");
    expect(declared.filter((route) => route.includes("/auth/v1/admin/"))).toHaveLength(6);
  });

  it("leave no admin route of auth without the guard", () => {
    const admin = AUTH_ROUTES.filter(({ pattern }) => /^\/(admin\/|invite$)/.test(pattern));
    expect(admin.length).toBeGreaterThan(0);
    for (const route of admin) expect(route.guard, route.pattern).toBe("serviceRole");
  });

  it.each(serviceRoleRoutes)("$service: $method $path refuses the anon key", async (route) => {
    const refused = await send(route.method, route.path, backend.anonKey);
    expect(refused.status).toBe(route.table.refusal.status);
    expect(refused.body).toMatchObject(route.table.refusal.body);
    if (route.service === "auth") expect(refused.headers.get("x-sb-error-code")).toBe("not_admin");
    // The guard refused it: the service-role key gets past it.
    const allowed = await send(route.method, route.path, backend.serviceRoleKey);
    expect(allowed.status === route.table.refusal.status).toBe(false);
  });
});

describe("the gateway's API key for auth", () => {
  const routes = AUTH_ROUTES.flatMap((route) =>
    route.methods.map((method) => ({ method, path: pathOf(route.pattern), guard: route.guard })),
  );

  it.each(routes)("$method /auth/v1$path ($guard)", async ({ method, path, guard }) => {
    const answer = await send(method, `/auth/v1${path}`);
    const askedForKey =
      answer.status === 401 && answer.body?.message === "No API key found in request";
    expect(askedForKey).toBe(guard !== "open");
  });

  it("asks for the key on a path no route declares, before GoTrue's 404", async () => {
    expect((await send("GET", "/auth/v1/nothing")).status).toBe(401);
    const unknown = await send("GET", "/auth/v1/nothing", backend.anonKey);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: "not_found",
      message: "Route GET /auth/v1/nothing not found",
    });
  });
});

describe("a path that is not valid percent-encoding", () => {
  it("is PostgREST's PGRST100 wherever it is in a REST path", async () => {
    for (const path of ["/rest/v1/%E0%A4%A", "/rest/v1/a%ZZ/b/c", "/rest/v1/rpc/%ZZ"]) {
      const answer = await send("GET", path, backend.anonKey);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ code: "PGRST100", message: "Malformed URI" });
    }
  });

  it("fails a user id in auth as decoding it always has (500), after the API key", async () => {
    const path = "/auth/v1/admin/users/%ZZ";
    expect((await send("GET", path)).status).toBe(401);
    const failed = await send("GET", path, backend.serviceRoleKey);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ code: "unexpected_failure" });
    // No route takes POST there: GoTrue's 404, as before.
    expect((await send("POST", path, backend.serviceRoleKey)).body).toMatchObject({
      code: "not_found",
    });
  });

  it("is Storage's InvalidKey once the route's guard let the caller in", async () => {
    const invalidKey = {
      statusCode: "400",
      code: "InvalidKey",
      message: "Invalid key: /object/%ZZ/a",
    };
    // An upload needs a caller first: no token is AccessDenied, whatever the key.
    const noCaller = await send("POST", "/storage/v1/object/%ZZ/a");
    expect(noCaller.body).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    expect(
      (await send("POST", "/storage/v1/object/%ZZ/a", backend.serviceRoleKey)).body,
    ).toMatchObject(invalidKey);
    // A read needs none.
    expect((await send("GET", "/storage/v1/object/%ZZ/a")).body).toMatchObject(invalidKey);
    const unknown = await send("PATCH", "/storage/v1/bucket/%ZZ", backend.serviceRoleKey);
    expect(unknown.body).toMatchObject({ code: "InvalidKey", message: "Invalid key: /bucket/%ZZ" });
  });
});

import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  createStaticHandler,
  type EntryContext,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { describe, expect, it } from "vitest";
import { withMatchedRoutesOnly } from "../../app/infra/matched-manifest.server.ts";
import { withIndexedRouteMatching } from "../../app/infra/route-matching.server.ts";
import routes from "../../app/routes.ts";
import { routeLeaves } from "../support/route-table";

/**
 * The server matches URLs with React Router's route-pattern matcher, browsers with its default
 * one (app/infra/route-matching.server.ts): for every URL the two must pick the same routes and
 * params, or a page would render one route on the server and hydrate another.
 */

const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, "");

function toObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: idOf(entry), index: true }
      : {
          id: idOf(entry),
          path: entry.path,
          children: entry.children ? toObjects(entry.children) : undefined,
        },
  );
}

/** The route table as the build mounts it: everything under the root route. */
const table = (): RouteObject[] => [{ id: "root", path: "", children: toObjects(routes) }];

const byDefault = createStaticHandler(table());
const indexed = createStaticHandler(table(), {
  future: withIndexedRouteMatching({ future: {} } as ServerBuild).future,
});

async function matched(handler: typeof byDefault, path: string) {
  const context = await handler.query(new Request(`http://site.test${path}`));
  if (context instanceof Response) return `answered ${context.status}`;
  return context.matches.map((match) => `${match.route.id} ${JSON.stringify(match.params)}`);
}

const PARAM_VALUES = ["1", "web-development", "a%20b", "caf%C3%A9", "x.y", "NEW", "new"];

/** Every route's path with its params filled in several ways, and with a trailing slash. */
function urlsOfEveryRoute(): string[] {
  const urls = new Set<string>();
  for (const leaf of routeLeaves(routes)) {
    for (const value of PARAM_VALUES) {
      const path = `/${leaf.path.replace(/:(\w+)/g, value).replace(/\*$/, `${value}/deeper`)}`;
      urls.add(path);
      urls.add(path.endsWith("/") ? path.slice(0, -1) || "/" : `${path}/`);
      urls.add(path.toUpperCase());
    }
  }
  return [...urls];
}

const ODD_URLS = [
  "/",
  "/sw",
  "/SW/",
  "/fr/",
  "/de/blog",
  "/blog/1/extra",
  "/blog//1",
  "/blog/rss.xml",
  "/blog/rss.xml/",
  "/admin/services/new/history",
  "/admin/legal/new",
  "/admin/subscribers.csv",
  "/media/abc",
  "/media/abc/def/ghi",
  "/%E2%82%AC",
  "/sw/%2Fblog",
  "/a/b/c/d/e/f/g/h/i/j/k/l",
  "/index.html",
];

describe("the server's route matcher", () => {
  it("picks the same routes and params as the browser's for every route and odd URLs", async () => {
    const urls = [...urlsOfEveryRoute(), ...ODD_URLS];
    expect(urls.length).toBeGreaterThan(400);
    const differences: string[] = [];
    for (const url of urls) {
      const [expected, actual] = [await matched(byDefault, url), await matched(indexed, url)];
      if (JSON.stringify(expected) !== JSON.stringify(actual)) {
        differences.push(`${url}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(actual)}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("keeps the build's own flags in what the page hands to the browser", () => {
    const build = { future: { unstable_customRouteDiscovery: false } } as unknown as ServerBuild;
    const future = withIndexedRouteMatching(build).future;
    expect({ ...future }).toMatchObject({ unstable_routePatternMatching: true });
    expect(JSON.parse(JSON.stringify({ future }))).toEqual({ future: build.future });
  });
});

type Manifest = EntryContext["manifest"];

/** The manifest's routes as the build lists them: flat, each with its parent's id. */
function manifestOf(objects: RouteObject[], parentId?: string): Manifest["routes"] {
  const routes: Manifest["routes"] = {};
  for (const route of objects) {
    const id = route.id ?? "";
    routes[id] = {
      id,
      parentId,
      path: route.path,
      index: route.index,
    } as Manifest["routes"][string];
    Object.assign(routes, manifestOf(route.children ?? [], id));
  }
  return routes;
}

/** The route tree `<ServerRouter>` builds from a manifest (React Router's createServerRoutes). */
function treeOf(routes: Manifest["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const children = treeOf(routes, route?.id);
      return route?.index
        ? { id: route.id, index: true }
        : { id: route?.id, path: route?.path, children: children.length ? children : undefined };
    });
}

describe("the manifest a page renders with", () => {
  it("holds only the matched routes and their parents, and the render matches the same routes", async () => {
    const manifest = { routes: manifestOf(table()) } as Manifest;
    const whole = treeOf(manifest.routes);
    const urls = [...urlsOfEveryRoute(), ...ODD_URLS];
    const differences: string[] = [];
    for (const url of urls) {
      const context = await indexed.query(new Request(`http://site.test${url}`));
      if (context instanceof Response) continue;
      const entry = { manifest, staticHandlerContext: context } as EntryContext;
      const pruned = withMatchedRoutesOnly(entry).manifest;
      expect(withMatchedRoutesOnly(entry).manifest).toBe(pruned);
      const ids = context.matches.map((match) => match.route.id);
      const path = new URL(`http://site.test${url}`).pathname;
      const rendered = (matchRoutes(treeOf(pruned.routes), path) ?? []).map((m) => m.route.id);
      const expected = (matchRoutes(whole, path) ?? []).map((m) => m.route.id);
      if (JSON.stringify(rendered) !== JSON.stringify(expected) || rendered.join() !== ids.join())
        differences.push(`${url}: ${rendered} ≠ ${expected} (${ids})`);
      expect(Object.keys(pruned.routes).sort()).toEqual([...ids].sort());
    }
    expect(Object.keys(manifest.routes).length).toBeGreaterThan(100);
    expect(differences).toEqual([]);
  });
});

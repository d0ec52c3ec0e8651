import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
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

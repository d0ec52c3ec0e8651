import type { EntryContext } from "react-router";

type Manifest = EntryContext["manifest"];

/**
 * React Router's `<ServerRouter>` builds a router from every route of the manifest on each
 * render — 143 routes in three languages, ~0.1 ms of CPU a page (bench/README.md) — though a
 * document only renders the routes it matched. It gets a manifest of those routes and their
 * parents; everything it renders from the manifest (the matched routes' modules and links, the
 * manifest file's address, the entry) is in it, and the browser still loads the whole manifest
 * file (route discovery "initial"). One pruned manifest per matched branch, made once.
 */
const pruned = new WeakMap<Manifest, Map<string, Manifest>>();

export function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  const { manifest } = context;
  const ids = context.staticHandlerContext.matches.map((match) => match.route.id);
  const key = ids.join(" ");
  let byBranch = pruned.get(manifest);
  if (!byBranch) {
    byBranch = new Map();
    pruned.set(manifest, byBranch);
  }
  let branch = byBranch.get(key);
  if (!branch) {
    const routes: Manifest["routes"] = {};
    for (const id of ids) {
      for (let route = manifest.routes[id]; route; ) {
        routes[route.id] = route;
        route = route.parentId ? manifest.routes[route.parentId] : undefined;
      }
    }
    branch = { ...manifest, routes };
    // Bounded by the routes there are (a branch is a route and its parents).
    byBranch.set(key, branch);
  }
  return { ...context, manifest: branch };
}

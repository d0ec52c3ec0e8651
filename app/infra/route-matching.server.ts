import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/**
 * React Router matches every request's URL against the whole route table twice (its request
 * handler, then its static handler). Its default matcher tries the ranked branches one by one,
 * a regular expression each: ~110 µs a match over our 143 routes of three languages, about 7 %
 * of an uncached page's CPU (bench/README.md). React Router 8's route-pattern matcher
 * (`future.unstable_routePatternMatching`) looks the URL up in an index of the patterns instead:
 * ~15 µs. The server uses it; browsers keep the default one (it would add the matcher to every
 * page's JavaScript, and a browser matches once per navigation), so the page's handoff to the
 * browser carries the build's own flags — `toJSON` is what `JSON.stringify` writes there, while
 * the server's static handler reads the flag itself. test/unit/route-matching.test.ts proves both
 * matchers pick the same route and params for every route of app/routes.ts.
 */
export function withIndexedRouteMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const future = { ...build.future, unstable_routePatternMatching: true };
  Object.defineProperty(future, "toJSON", { value: () => build.future, enumerable: false });
  return { ...build, future };
}

import { resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type MiddlewareFunction, matchRoutes, type RouteObject } from "react-router";
import { pagePath } from "~/i18n/locale";
import routes from "../../app/routes.ts";

/**
 * A route module's loader and action called the way the router calls them: inside the
 * middleware of the layouts around the route that answers the request's path in app/routes.ts
 * (the admin and account areas' guards, which put the viewer into the router context). The
 * root's middleware is what routeArgs stands in for.
 */

type Handler = (args: never) => unknown;
type Args = { request: Request; url: URL; context: unknown };
interface RouteModule {
  loader?: Handler;
  action?: Handler;
  middleware?: MiddlewareFunction<Response>[];
}

type FileRoute = RouteObject & { file?: string };

function objects(entries: RouteConfigEntry[]): FileRoute[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    file: entry.file,
    ...(entry.index ? { index: true as const } : {}),
    ...(entry.children ? { children: objects(entry.children) } : {}),
  })) as FileRoute[];
}

const tree = objects(routes);

/**
 * The middleware of the layouts around the route answering `pathname` (a page or its data
 * URL, `/profile.data`), outermost first.
 */
async function layoutMiddleware(pathname: string): Promise<MiddlewareFunction<Response>[]> {
  const matches = matchRoutes(tree, pagePath(pathname)) ?? [];
  const layouts = matches.slice(0, -1).map((match) => (match.route as FileRoute).file ?? "");
  const modules: RouteModule[] = await Promise.all(
    layouts.map((file) => import(resolve("app", file))),
  );
  return modules.flatMap((module) => module.middleware ?? []);
}

/**
 * Runs `handler` inside the middleware chain: answers what the route answered (returned or
 * thrown), or what a middleware answered instead (a guard's redirect, thrown as the route's
 * would be).
 */
async function throughMiddleware(
  own: MiddlewareFunction<Response>[],
  args: Args,
  handler: () => unknown,
): Promise<unknown> {
  const chain = [...(await layoutMiddleware(args.url.pathname)), ...own];
  let outcome: { value: unknown } | { thrown: unknown } | undefined;
  const run = async (i: number): Promise<Response> => {
    const middleware = chain[i];
    if (middleware) {
      const answer = await middleware(args as never, () => run(i + 1));
      return answer ?? run(i + 1);
    }
    try {
      outcome = { value: await handler() };
    } catch (thrown) {
      outcome = { thrown };
    }
    const answered = "value" in outcome ? outcome.value : outcome.thrown;
    return answered instanceof Response ? answered : new Response(null);
  };
  const answer = await run(0);
  if (!outcome) return answer;
  if ("thrown" in outcome) throw outcome.thrown;
  return outcome.value;
}

/** The module with its loader and action running through their layouts' middleware. */
export function routed<Module extends RouteModule>(module: Module): Module {
  const wrap = (handler: Handler | undefined) =>
    handler &&
    ((args: Args) =>
      throughMiddleware(module.middleware ?? [], args, () => handler(args as never)));
  return {
    ...module,
    loader: wrap(module.loader),
    action: wrap(module.action),
  } as Module;
}

/**
 * The one shape of a route in the embedded backend — methods, path pattern, guard, handler — and
 * the one matcher over a table of them, compiled once. Auth, REST, Storage, the mailbox and
 * snapshots each declare such a table; their dispatcher matches the request, answers a miss in
 * its own envelope, applies the route's guard, and only then calls the handler.
 */

/** What a route demands before its handler runs; each service refuses in its own envelope. */
export type Guard =
  /** Nothing: e-mail links, probes, public reads, signed URLs (the gateway asks no API key). */
  | "open"
  /** The project's anon or service-role key, which the gateway checks (server.ts). */
  | "apiKey"
  /** Storage's rule: a valid bearer token naming the caller, else 403 AccessDenied. */
  | "caller"
  /** Storage's reads: the caller a bearer token names; none (or an invalid one) reads as anon. */
  | "callerOrAnon"
  /** A valid JWT of the service role (after the API key, where the gateway asks for one). */
  | "serviceRole";

/** In `methods`: any method. */
export const ANY_METHOD = "*";

export interface Route<Handler = unknown, G extends Guard = Guard> {
  /** The methods it answers, or `[ANY_METHOD]`; HEAD is not implied by GET. */
  readonly methods: readonly string[];
  /**
   * Segments separated by `/`: literal text, `:name` (one segment, percent-decoded), or a last
   * `*` (the remaining segments, none or more, each decoded and joined by `/`: `params["*"]`).
   */
  readonly pattern: string;
  readonly guard: G;
  readonly handler: Handler;
}

/** A route from its parts, a table row: `route("GET HEAD", "/object/:bucket/*", "open", read)`. */
export function route<Handler, G extends Guard>(
  methods: string,
  pattern: string,
  guard: G,
  handler: Handler,
): Route<Handler, G> {
  return { methods: methods.split(" "), pattern, guard, handler };
}

export type Params = Readonly<Record<string, string>>;

export type RouteMatch<R extends Route> =
  | { readonly kind: "found"; readonly route: R; readonly params: Params }
  /**
   * A segment is not valid percent-encoded UTF-8: in a param of `route`, or — when segments are
   * decoded before matching — anywhere in the path (then no route is known).
   */
  | { readonly kind: "malformed"; readonly route?: R }
  /** No route; `allowed` lists the methods of routes whose pattern matches (empty: no such path). */
  | { readonly kind: "missed"; readonly allowed: readonly string[] };

/** How the router a service stands in for reads a path; the defaults are GoTrue's (chi). */
export interface PathGrammar {
  /** Decode every segment before matching, so literals match decoded text (PostgREST's pathInfo). */
  readonly decodeSegments?: boolean;
  /** Let `:name` match an empty segment (PostgREST's `/rpc/`, Storage's `/object//key`). */
  readonly emptyParams?: boolean;
}

export interface RouteTable<R extends Route> {
  match(method: string, path: string): RouteMatch<R>;
  /** True when some route's pattern matches the path, whatever the method. */
  hasPath(path: string): boolean;
}

type Segment = { literal: string } | { param: string };

interface Compiled<R> {
  route: R;
  segments: Segment[];
  /** Ends with `*`. */
  rest: boolean;
  anyMethod: boolean;
}

function compile<R extends Route>(route: R): Compiled<R> {
  const parts = route.pattern.split("/");
  const rest = parts.at(-1) === "*";
  if (rest) parts.pop();
  if (parts.includes("*")) throw new Error(`"*" must end the pattern: ${route.pattern}`);
  const segments = parts.map((part) =>
    part.startsWith(":") ? { param: part.slice(1) } : { literal: part },
  );
  return { route, segments, rest, anyMethod: route.methods.includes(ANY_METHOD) };
}

/** The pattern's values in the path's segments (still encoded unless decoded first), or null. */
function bind(
  compiled: Compiled<unknown>,
  path: readonly string[],
  emptyParams: boolean,
): Record<string, string[]> | null {
  const { segments, rest } = compiled;
  if (rest ? path.length < segments.length : path.length !== segments.length) return null;
  const bound: Record<string, string[]> = {};
  for (const [index, segment] of segments.entries()) {
    const value = path[index] ?? "";
    if ("literal" in segment) {
      if (value !== segment.literal) return null;
    } else {
      if (value === "" && !emptyParams) return null;
      bound[segment.param] = [value];
    }
  }
  if (rest) bound["*"] = path.slice(segments.length);
  return bound;
}

function decodeAll(values: readonly string[]): string[] | null {
  try {
    return values.map((value) => decodeURIComponent(value));
  } catch {
    return null;
  }
}

/** The bound values as params, joined by `/`; null when one is not valid percent-encoding. */
function paramsOf(bound: Record<string, string[]>, decode: boolean): Params | null {
  const params: Record<string, string> = {};
  for (const [name, values] of Object.entries(bound)) {
    const decoded = decode ? decodeAll(values) : values;
    if (!decoded) return null;
    params[name] = decoded.join("/");
  }
  return params;
}

/** Compiles a table once; `match` tries its routes in order, the first that fits wins. */
export function compileRoutes<R extends Route>(
  routes: readonly R[],
  grammar: PathGrammar = {},
): RouteTable<R> {
  const compiled = routes.map(compile);
  const emptyParams = grammar.emptyParams ?? false;

  function segmentsOf(path: string): string[] | null {
    const raw = path.split("/");
    return grammar.decodeSegments ? decodeAll(raw) : raw;
  }

  function match(method: string, path: string): RouteMatch<R> {
    const segments = segmentsOf(path);
    if (!segments) return { kind: "malformed" };
    const allowed = new Set<string>();
    for (const entry of compiled) {
      const bound = bind(entry, segments, emptyParams);
      if (!bound) continue;
      if (!entry.anyMethod && !entry.route.methods.includes(method)) {
        for (const allowedMethod of entry.route.methods) allowed.add(allowedMethod);
        continue;
      }
      // Decoded already when the grammar decodes every segment first.
      const params = paramsOf(bound, !grammar.decodeSegments);
      if (!params) return { kind: "malformed", route: entry.route };
      return { kind: "found", route: entry.route, params };
    }
    return { kind: "missed", allowed: [...allowed] };
  }

  function hasPath(path: string): boolean {
    const segments = segmentsOf(path);
    return segments !== null && compiled.some((entry) => bind(entry, segments, emptyParams));
  }

  return { match, hasPath };
}

/** The guard of the route a request reaches, else `fallback` (no route, or a malformed path). */
export function guardOf<R extends Route>(match: RouteMatch<R>, fallback: Guard): Guard {
  return match.kind === "missed" ? fallback : (match.route?.guard ?? fallback);
}

import type { RouteConfigEntry } from "@react-router/dev/routes";

/** A route that answers requests (not a layout), as app/routes.ts declares it. */
export interface RouteLeaf {
  /** The full path without its leading slash ("" for the home page). */
  path: string;
  file: string;
  /** The route id (React Router's default: the file without its extension). */
  id: string;
  /** The files of the layouts around it, outermost first. */
  layouts: string[];
}

const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, "");

/** Every route of a route config that answers requests, with the layouts it sits in. */
export function routeLeaves(
  entries: RouteConfigEntry[],
  layouts: string[] = [],
  parentPath = "",
): RouteLeaf[] {
  return entries.flatMap((entry) => {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.children?.length) {
      return routeLeaves(entry.children, [...layouts, entry.file], path);
    }
    return [{ path, file: entry.file, id: idOf(entry), layouts }];
  });
}

import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function's code lives, in the words the bench README uses. */
export function areaOf(url: string, functionName: string): string {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)") return "idle";
  if (functionName === "(program)") return "V8 / native";
  if (url.includes("react-dom")) return "React server renderer";
  if (url.includes("/react/")) return "React";
  if (url.includes("react-router")) return "React Router";
  if (url.includes("pglite")) return "PGlite";
  if (url.includes("@supabase")) return "supabase-js";
  if (url.includes("supabase/local") || url.includes("supabase-local")) return "embedded backend";
  if (url.includes("/build/server/")) return "the app (build/server)";
  if (url.includes("/server/")) return "the site's server (server/)";
  if (url.includes("node_modules")) return "other packages";
  if (url.startsWith("node:") || url === "") return "Node.js internals";
  return "other";
}

export interface Hotspot {
  name: string;
  ms: number;
}

/** Self time per area and the heaviest functions of one `.cpuprofile`, idle excluded. */
export function summariseProfile(file: string, top = 25) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const area = areaOf(frame.url, frame.functionName);
    if (area === "idle") continue;
    busyUs += us;
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = frame.url
      .replace(/^.*node_modules\//, "")
      .replace(/^file:\/\/.*?\/(build|server|app)\//, "$1/");
    const name = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const sorted = (map: Map<string, number>, limit: number): Hotspot[] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000) }));
  return {
    busyMs: Math.round(busyUs / 1000),
    areas: sorted(areas, 20),
    functions: sorted(functions, top),
  };
}

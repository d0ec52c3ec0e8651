import { readdirSync, readFileSync } from "node:fs";

/** Linux clock ticks per second (USER_HZ), as /proc reports CPU time. */
const TICKS_PER_SECOND = 100;

function stat(pid: string): { ppid: number; ticks: number } | undefined {
  try {
    // "pid (comm) state ppid … utime stime …": comm may hold spaces, so split after ")".
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // exited meanwhile
  }
}

/**
 * CPU time (ms) used so far by a process and all its descendants (a cluster's primary, workers
 * and the embedded backend): unlike req/s, CPU per request barely moves when other processes
 * compete for the cores.
 */
export function treeCpuMs(rootPid: number): number {
  const all = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  const stats = new Map(all.map((pid) => [Number(pid), stat(pid)]));
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of stats) {
      if (s && !inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

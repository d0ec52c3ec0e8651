import { readdirSync, readFileSync } from "node:fs";

/** One process of a tree and its resident memory. */
export interface ProcessMemory {
  pid: number;
  /** What it is, from its command line (the last argument that names a file). */
  name: string;
  rss: number;
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: fields count from the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

function nameOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const file = [...args].reverse().find((arg) => /\.[cm]?[jt]s$/.test(arg));
    return (file ?? args[0] ?? "?").split("/").slice(-2).join("/");
  } catch {
    return "?";
  }
}

/** `root` and every process below it (Linux /proc), each with its resident memory. */
export function processTreeMemory(root: number): ProcessMemory[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: ProcessMemory[] = [];
  const visit = (pid: number) => {
    tree.push({ pid, name: nameOf(pid), rss: residentBytes(pid) });
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

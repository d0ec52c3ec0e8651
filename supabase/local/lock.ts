/**
 * Single-process lock on a data directory. PGlite is one embedded Postgres per directory:
 * two processes writing the same files would corrupt it, so the second one gets a clear error.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export interface DirLock {
  release(): void;
}

/** Locks held by this process (a second start in the same process must fail too). */
const heldHere = new Set<string>();

/** Whether a process with this pid runs (one of another user's counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function inUseError(dir: string, pid: number): Error {
  return new Error(
    `The local Supabase data directory ${dir} is already in use by process ${pid}. ` +
      "Stop that process or choose another directory.",
  );
}

export function acquireDirLock(dir: string): DirLock {
  const file = join(dir, "backend.lock");
  if (heldHere.has(file)) throw inUseError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          if (readOwner(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw inUseError(dir, owner);
      }
      // Stale lock (dead owner, unreadable, or left behind by this pid before a crash).
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}

import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DATA_DIR } from "./backend";

/**
 * Runs `work` while no other test (in any worker: the `js` and `nojs` projects run side by side)
 * runs work under the same name — for flows that edit one shared row, such as the site
 * settings or a legal page, whose saves would otherwise meet as version conflicts. The lock is
 * a directory beside the e2e server's data (mkdir is atomic), so a new run starts unlocked.
 */
export async function exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = join(DATA_DIR, `e2e-lock-${name}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

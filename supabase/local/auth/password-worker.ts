/** Worker thread of the password pool: one bcrypt job at a time, answered on the parent port. */
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";

export type PasswordJob =
  | { op: "hash"; password: string; cost: number }
  | { op: "compare"; password: string; hash: string };

export type PasswordAnswer =
  | { ok: true; result: string | boolean }
  | { ok: false; message: string };

const port = parentPort;
if (!port) throw new Error("password-worker.ts must run as a worker thread");

/**
 * This thread yields the CPU to everything else on the machine (on Linux a thread's nice value
 * is its own: the backend's event loop and the site's workers keep theirs): a flood of
 * sign-ins makes sign-ins slower, not the pages the site serves meanwhile.
 */
const HASHING_NICE = 10;
try {
  setPriority(HASHING_NICE);
} catch {
  // Not permitted here (some containers): hashing runs at normal priority.
}

port.on("message", (job: PasswordJob) => {
  let answer: PasswordAnswer;
  try {
    const result =
      job.op === "hash"
        ? bcrypt.hashSync(job.password, job.cost)
        : bcrypt.compareSync(job.password, job.hash);
    answer = { ok: true, result };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});

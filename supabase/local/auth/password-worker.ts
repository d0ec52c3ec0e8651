/** Worker thread of the password pool: one bcrypt job at a time, answered on the parent port. */
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

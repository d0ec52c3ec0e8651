import type { JobHandler } from "~/domain/jobs/runner.ts";
import { POLL_MS, processOutbox } from "./outbox.server";

export const MAIL_FLUSH = "mail.flush";

/**
 * Mail as a job: one recurring `mail.flush` job (a single row, idempotency key "recurring")
 * sends the due outbox rows, then asks to run again in 30 s. The lease makes one process at a
 * time run it, across workers and machines; each mail stays sent once by its own row's claim
 * (a compare-and-set on its attempts, outbox.server.ts), which also keeps a flush and the kick
 * of a form running side by side from sending one mail twice. The job never fails: a failure
 * to reach the backend is logged and the next flush comes 30 s later, as the rows' own backoff
 * and "failed" state already tell the agency about mail that cannot go.
 */
export const mailFlushJob: JobHandler = {
  timeoutMs: 60_000,
  async run() {
    try {
      await processOutbox();
    } catch (error) {
      console.warn(`[outbox] ${error instanceof Error ? error.message : error}`);
    }
    return { again: new Date(Date.now() + POLL_MS) };
  },
};

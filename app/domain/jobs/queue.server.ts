import { serviceRoleClient } from "~/infra/supabase.server";
import { databaseJobStore } from "./store.ts";

/**
 * Queues a job from request or job code (the payments' checks, say) without importing the
 * runner and its handlers (jobs.server.ts imports the handlers, which queue jobs: this module
 * keeps that a line, not a cycle). The runner of this process, when it runs, is woken so a job
 * due now is claimed at once rather than at the next poll.
 */
const listeners = new Set<() => void>();

/** Called by jobs.server.ts: wake this process's runner when something is queued here. */
export function onJobQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface QueueOptions {
  payload?: unknown;
  runAt?: Date;
  /** Idempotency key: a second job of the same kind and key is not queued. */
  key?: string;
  maxAttempts?: number;
}

/** Queues a job of `kind` as the service role; its id (the existing one for a used key). */
export async function queueJob(kind: string, options: QueueOptions = {}): Promise<number> {
  const service = serviceRoleClient();
  if (!service) throw new Error("jobs need the service role (SUPABASE_SERVICE_ROLE_KEY)");
  const id = await databaseJobStore(service).enqueue(kind, options);
  if (!options.runAt || options.runAt.getTime() <= Date.now()) {
    for (const listener of listeners) listener();
  }
  return id;
}

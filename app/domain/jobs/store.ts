import type { SupabaseClient } from "@supabase/supabase-js";

/** A job as its handler gets it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** This attempt's number (1 on the first run). */
  attempts: number;
  max_attempts: number;
}

/** The queue's four operations (public.claim_jobs and friends, or a fake in unit tests). */
export interface JobStore {
  /** Queues a job; with an idempotency key already used for its kind, that job's id. */
  enqueue(
    kind: string,
    options?: { payload?: unknown; runAt?: Date; key?: string; maxAttempts?: number },
  ): Promise<number>;
  claim(worker: string, kinds: string[], max: number, leaseSeconds: number): Promise<ClaimedJob[]>;
  /** The ids this worker still held and ended; `nextRunAt` queues them again (recurring). */
  complete(worker: string, ids: number[], nextRunAt?: Date): Promise<number[]>;
  /** The job's new state ("queued" or "dead"), null when the worker no longer held it. */
  fail(worker: string, id: number, error: string, retryInSeconds: number): Promise<string | null>;
  renew(worker: string, ids: number[], leaseSeconds: number): Promise<number>;
}

/**
 * The RPCs are the service role's only (not in the generated Database type, which lists what
 * clients may call): their shapes are declared here, in ClaimedJob and JobStore.
 */
type ServiceClient = Pick<SupabaseClient, "rpc">;

function check<T>(answer: { data: T | null; error: { message: string } | null }): T {
  if (answer.error) throw new Error(answer.error.message);
  return answer.data as T;
}

/** The queue in the database, through the service role's RPCs. */
export function databaseJobStore(client: ServiceClient): JobStore {
  return {
    async enqueue(kind, options = {}) {
      return check<number>(
        await client.rpc("enqueue_job", {
          p_kind: kind,
          p_payload: options.payload ?? {},
          p_run_at: options.runAt?.toISOString() ?? null,
          p_idempotency_key: options.key ?? null,
          p_max_attempts: options.maxAttempts ?? 8,
        }),
      );
    },
    async claim(worker, kinds, max, leaseSeconds) {
      const rows = check(
        await client.rpc("claim_jobs", {
          p_worker: worker,
          p_kinds: kinds,
          p_max: max,
          p_lease_seconds: leaseSeconds,
        }),
      );
      return ((rows ?? []) as ClaimedJob[]).map(
        ({ id, kind, payload, attempts, max_attempts }) => ({
          id,
          kind,
          payload,
          attempts,
          max_attempts,
        }),
      );
    },
    async complete(worker, ids, nextRunAt) {
      if (ids.length === 0) return [];
      const done = check(
        await client.rpc("complete_jobs", {
          p_worker: worker,
          p_ids: ids,
          ...(nextRunAt ? { p_next_run_at: nextRunAt.toISOString() } : {}),
        }),
      );
      return (done ?? []) as number[];
    },
    async fail(worker, id, error, retryInSeconds) {
      return check<string | null>(
        await client.rpc("fail_job", {
          p_id: id,
          p_worker: worker,
          p_error: error,
          p_retry_in_seconds: retryInSeconds,
        }),
      );
    },
    async renew(worker, ids, leaseSeconds) {
      if (ids.length === 0) return 0;
      return check<number>(
        await client.rpc("renew_job_leases", {
          p_worker: worker,
          p_ids: ids,
          p_lease_seconds: leaseSeconds,
        }),
      );
    },
  };
}

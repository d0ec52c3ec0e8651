/**
 * V8 flags the cluster's workers start with. The young generation of a worker's heap grows to
 * V8's maximum (here 64 MB: two semi-spaces of 32 MB) during a burst of requests and stays
 * committed — resident memory — long after the burst (measured in
 * test/integration/memory-after-abuse.abuse.test.ts: the objects still alive after a burst were
 * ~50 MB of a 350 MB worker). Semi-spaces of 16 MB (V8's maximum before Node 20) cost a few more
 * young-generation collections under load and keep 32 MB less per worker for ever after.
 * An operator's own choice (in the primary's flags or NODE_OPTIONS) wins.
 */
export const WORKER_SEMI_SPACE_MB = 16;

export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) =>
    /^--max[-_]semi[-_]space[-_]size\b/.test(flag),
  );
  return chosen ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

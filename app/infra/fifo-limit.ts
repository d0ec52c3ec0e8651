/**
 * A first-come-first-served concurrency limit: at most `max` tasks run at once, the rest wait
 * in arrival order. Under a burst this keeps every caller's wait close to the average instead
 * of letting some starve behind newer arrivals.
 */
export function fifoLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

export class LaneFullError extends Error {}

/**
 * `fifoLimit` with a bounded queue: when `maxQueued` callers already wait, a new one is refused
 * at once (`LaneFullError`) instead of waiting behind a flood.
 */
export function boundedLane(max: number, maxQueued: number) {
  const limited = fifoLimit(max);
  let pending = 0;
  return async function lane<T>(task: () => Promise<T>): Promise<T> {
    if (pending >= max + maxQueued) throw new LaneFullError("too many requests in flight");
    pending++;
    try {
      return await limited(task);
    } finally {
      pending--;
    }
  };
}

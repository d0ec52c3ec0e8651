import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

export const MB = 1024 * 1024;

/**
 * The heap still held after a full collection: what a flood leaves behind, not the garbage it
 * made on the way (which V8 collects when it decides to, so a peak measured without a collection
 * depends on how busy the machine was).
 */
export function heldHeap(): number {
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * The heap and the array buffers (Buffers' bytes) still held after a full collection, as the
 * least of a few readings 25 ms apart: V8 frees the bytes of collected array buffers on a
 * concurrent sweeper thread, which a busy machine delays, so one reading just after a collection
 * can still count garbage (socket chunks already written to disk). Bytes really held stay in
 * every reading.
 */
export async function heldMemory(readings = 5): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < readings; i += 1) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    least = Math.min(least, heldHeap() + process.memoryUsage().arrayBuffers);
  }
  return least;
}

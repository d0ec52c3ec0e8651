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

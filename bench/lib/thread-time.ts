/**
 * A trace's tasks re-timed by the CPU time their thread really had.
 *
 * Lighthouse's simulated throttling computes a page's blocking time from how long each task of
 * the unthrottled load took on the wall clock. On a machine busy with other work a task's wall
 * time includes the time its thread waited for a core (a trace beside a CPU-burning process:
 * 67.5 ms on the wall for 5.9 ms of work), so the score judged the machine's load as much as the
 * page. Chrome records each complete event's thread time (`tdur`) beside its wall time (`dur`):
 * every top-level task of a thread is shrunk to its thread time, its nested events with it
 * (start offsets and lengths scaled by the same factor, so they stay nested), and the simulation
 * then multiplies what the page itself cost. Gaps between tasks and instant events are kept.
 */
export interface TraceEvent {
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  [key: string]: unknown;
}

const isTimed = (e: TraceEvent): e is TraceEvent & { dur: number } =>
  e.ph === "X" && typeof e.dur === "number" && e.dur > 0;

/** Re-times `events` in place; returns how much wall time the tasks lost (µs), to report it. */
export function retimeByThreadTime(events: TraceEvent[]): number {
  const byThread = new Map<string, (TraceEvent & { dur: number })[]>();
  for (const event of events) {
    if (!isTimed(event)) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key);
    if (list) list.push(event);
    else byThread.set(key, [event]);
  }
  let removed = 0;
  for (const list of byThread.values()) {
    // Parents first: earlier start, then the longer of two starting together.
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let top: { ts: number; end: number; factor: number } | undefined;
    for (const event of list) {
      if (top && event.ts >= top.ts && event.ts + event.dur <= top.end) {
        event.ts = top.ts + (event.ts - top.ts) * top.factor;
        event.dur *= top.factor;
        continue;
      }
      const factor =
        typeof event.tdur === "number" && event.tdur >= 0 ? Math.min(1, event.tdur / event.dur) : 1;
      top = { ts: event.ts, end: event.ts + event.dur, factor };
      removed += event.dur * (1 - factor);
      event.dur *= factor;
    }
  }
  return removed;
}

/**
 * The access log, written in batches: the lines of the requests that finish in one turn of the
 * event loop are joined and written once at the end of that turn (`setImmediate`), so a quiet
 * server writes each line at once and a busy one makes one write for many requests instead of
 * one each (a line written per request was ~10 % of a worker's CPU under a flood of refused
 * sign-ins). Bounded: past `maxLines` waiting lines, or while more than `maxBacklogBytes` of
 * earlier output still wait for a slow reader of stdout (Node keeps them in memory), lines are
 * counted, not kept, and the count is written with the next batch — a flood cannot grow memory
 * through its log.
 */
export interface AccessLog {
  line(text: string): void;
  /** Writes what is waiting now (also on shutdown). */
  flush(): void;
}

export interface AccessLogOptions {
  maxLines?: number;
  maxBacklogBytes?: number;
  /** Bytes written earlier and not yet taken by the reader (stdout's `writableLength`). */
  backlog?: () => number;
}

export function batchedAccessLog(
  write: (text: string) => void,
  {
    maxLines = 2000,
    maxBacklogBytes = 1024 * 1024,
    backlog = () => process.stdout.writableLength,
  }: AccessLogOptions = {},
): AccessLog {
  let lines: string[] = [];
  let dropped = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (lines.length === 0 && dropped === 0) return;
    if (backlog() > maxBacklogBytes) {
      dropped += lines.length;
      lines = [];
      return;
    }
    if (dropped > 0) lines.push(`(${dropped} access log lines dropped: the log fell behind)`);
    const text = lines.join("\n");
    lines = [];
    dropped = 0;
    write(text);
  };
  return {
    line(text) {
      if (lines.length >= maxLines) dropped++;
      else lines.push(text);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";

/** A content change as it travels between workers and instances. */
export interface ContentChange {
  kind: string;
}

const CHANNEL = "site:content-changed";

export interface ContentBus {
  publish(change: ContentChange): void;
  close(): Promise<void>;
}

/**
 * Redis pub/sub between instances: `publish` tells every other instance, and `onRemote` hears
 * what the others published (never this instance's own messages). A message published while
 * Redis is down is lost; the page cache's 5-minute TTL is the safety net.
 */
export function createRedisBus(
  url: string,
  onRemote: (change: ContentChange) => void,
  log: (line: string) => void,
): ContentBus {
  const instance = randomUUID();
  const options = { retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000) };
  const publisher = new Redis(url, { ...options, enableOfflineQueue: false });
  const subscriber = new Redis(url, options);
  let warned = false;
  const onError = (error: Error) => {
    if (!warned) log(`Redis (content events): ${error.message}`);
    warned = true;
  };
  publisher.on("error", onError);
  subscriber.on("error", onError);
  subscriber.on("ready", () => {
    warned = false;
  });
  void subscriber.subscribe(CHANNEL).catch(onError);
  subscriber.on("message", (_channel: string, raw: string) => {
    try {
      const message = JSON.parse(raw) as { from?: string; change?: ContentChange };
      if (message.from !== instance && typeof message.change?.kind === "string") {
        onRemote({ kind: message.change.kind });
      }
    } catch {
      // not ours
    }
  });
  return {
    publish(change) {
      publisher
        .publish(CHANNEL, JSON.stringify({ from: instance, change: { kind: change.kind } }))
        .catch(onError);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { isSiteEntity } from "../app/lib/page-query.ts";

/**
 * A content change as it travels between workers and instances (app/infra/content-events.ts):
 * posts, media, or one part of the site's content (`entity`).
 */
export interface ContentChange {
  kind: string;
  entity?: string;
}

/**
 * What is passed on of a change heard from elsewhere: its kind, and the part of the site's
 * content it names when that is one the site knows (else nothing, which stales every page).
 */
export function contentChangeOf(value: unknown): ContentChange | undefined {
  const change = value as { kind?: unknown; entity?: unknown } | null | undefined;
  if (typeof change?.kind !== "string" || change.kind.length > 20) return undefined;
  return isSiteEntity(change.entity)
    ? { kind: change.kind, entity: change.entity }
    : { kind: change.kind };
}

export const CONTENT_CHANNEL = "site:content-changed";

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
  void subscriber.subscribe(CONTENT_CHANNEL).catch(onError);
  subscriber.on("message", (_channel: string, raw: string) => {
    try {
      const message = JSON.parse(raw) as { from?: string; change?: unknown };
      const change = contentChangeOf(message.change);
      if (message.from !== instance && change) onRemote(change);
    } catch {
      // not ours
    }
  });
  return {
    publish(change) {
      publisher
        .publish(
          CONTENT_CHANNEL,
          JSON.stringify({ from: instance, change: contentChangeOf(change) }),
        )
        .catch(onError);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

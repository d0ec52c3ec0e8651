import { Redis } from "ioredis";
import type { SiteEntity } from "~/infra/content-events";
import { CONTENT_CHANNEL } from "../../server/content-bus.ts";

/**
 * Tells every instance listening on `redisUrl` that a part of the site's content changed, as an
 * admin's save on another instance does (server/content-bus.ts): a change made with the service
 * role becomes visible.
 */
export async function announceSiteChange(redisUrl: string, entity: SiteEntity): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    await redis.publish(
      CONTENT_CHANNEL,
      JSON.stringify({ from: "another-instance", change: { kind: "site", entity } }),
    );
  } finally {
    redis.disconnect();
  }
}

/** A service row for the service role to insert (English only unless `extra` says otherwise). */
export const serviceRow = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  published: true,
  position: 100,
  icon: "bot",
  price_min: 20000,
  price_max: 90000,
  title: { en: `Service ${slug}` },
  description: { en: `What ${slug} does for you.` },
  long_description: { en: `What ${slug} does for you, at length.` },
  cta: { en: "Ask for it" },
  ...extra,
});

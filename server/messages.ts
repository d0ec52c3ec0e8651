import type { ContentChange } from "./content-bus.ts";

/** Marks the site's own IPC messages (rate-limiter-flexible shares the channel). */
export const SITE_MESSAGE = "site";

/** Primary → worker. */
export type PrimaryMessage =
  | { type: "content-changed"; change: ContentChange }
  | { type: "drain"; closeIdle: boolean };

/** Worker → primary. */
export type WorkerMessage = { [SITE_MESSAGE]?: true } & {
  type: "content-changed";
  change: ContentChange;
};

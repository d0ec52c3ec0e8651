import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { HookSettings } from "../../app/infra/hook-env.ts";
import { createAppListener } from "../app.ts";
import { BodyBudget, DEFAULT_BODY_BUDGET_BYTES } from "../body-budget.ts";
import { createHookLane, type HookLaneOptions, type HookReceiver } from "../hook-lane.ts";
import { HTTP_TIMEOUTS } from "../site-server.ts";

export const SECRET = "s3cret-of-the-example-hook-0123456789";

/** A delivery as the app's receiver got it. */
export type Received = Parameters<HookReceiver>[0];

/**
 * The Node server's pipeline in this process with the webhook lane (the app itself is never
 * built: every answer here is decided before it), its receiver recording deliveries by id.
 */
export async function startHookSite(
  options: Partial<HookLaneOptions> & { hooks?: () => Record<string, HookSettings> } = {},
) {
  const received: Received[] = [];
  const ids = new Set<string>();
  const receive: HookReceiver = async (delivery) => {
    received.push(delivery);
    const id = (delivery.payload as { id?: unknown } | null)?.id;
    if (typeof id !== "string") return "no-delivery-id";
    if (ids.has(id)) return "duplicate";
    ids.add(id);
    return "stored";
  };
  const budget = new BodyBudget(DEFAULT_BODY_BUDGET_BYTES);
  const server: Server = createServer(
    HTTP_TIMEOUTS,
    createAppListener({
      build: () => Promise.reject(new Error("the app is not needed")),
      mode: "production",
      log: () => {},
      bodyBudget: budget,
      hookLane: createHookLane({
        hooks: () => ({ example: { secret: SECRET } }),
        receive,
        perSecond: 0,
        ...options,
      }),
    }),
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    received,
    budget,
    post(
      path: string,
      body: string,
      init: { type?: string; headers?: Record<string, string> } = {},
    ) {
      return fetch(url + path, {
        method: "POST",
        headers: { "Content-Type": init.type ?? "application/json", ...init.headers },
        body,
      });
    },
    stop() {
      server.closeAllConnections();
      server.close();
    },
  };
}

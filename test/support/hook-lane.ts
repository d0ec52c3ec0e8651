import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { receiveHookDelivery } from "~/domain/hooks/receive.server";

/**
 * The webhook lane's handler behind an HTTP address a Daraja stand-in can post to (in-process
 * payment tests): `/hooks/<hook>/<secret>` with the one `secret`, else 404; `drop(hook)` true
 * answers 200 without passing the delivery on (a lost delivery).
 */
export async function startHookLane(
  secret: string,
  drop: (hook: string) => boolean = () => false,
): Promise<{ origin: string; close(): Promise<void> }> {
  const lane: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const hook = /^\/hooks\/([a-z0-9]+)\/(.+)$/.exec(req.url ?? "");
      if (!hook || hook[2] !== secret) {
        res.writeHead(404).end();
        return;
      }
      if (drop(hook[1] as string)) {
        res.writeHead(200).end();
        return;
      }
      const outcome = await receiveHookDelivery({
        hook: hook[1] as string,
        body,
        payload: JSON.parse(body),
        sourceIp: "196.201.214.200",
      });
      res.writeHead(outcome === "unavailable" ? 503 : 200).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => lane.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(lane.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => lane.close(() => resolve())),
  };
}

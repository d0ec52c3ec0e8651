/**
 * The embedded backend as a child process of the web server (`server/embedded-backend.ts`):
 * password hashing and Postgres work never share the site's event loop.
 *
 * Protocol (Node IPC): the parent sends `{ type: "start", options }`; the child answers
 * `{ type: "ready", url, anonKey, serviceRoleKey, mailboxUrl, users }` or
 * `{ type: "failed", message }`; then `{ type: "notify", channel, payload }` for each Postgres
 * notification on the channels the start options name (`notifyChannels`). The child closes cleanly (releasing the data directory) on
 * SIGTERM/SIGINT and when the parent goes away (the IPC channel disconnects).
 */
import { type LocalSupabase, type LocalSupabaseOptions, startLocalSupabase } from "./index.ts";

type StartMessage = { type: "start"; options: Omit<LocalSupabaseOptions, "log"> };

const send = (message: unknown) => process.send?.(message);
const log = (line: string) => console.log(line);

/** A previous backend on the same directory may still be closing (its parent just died). */
async function startWithRetry(options: LocalSupabaseOptions): Promise<LocalSupabase> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await startLocalSupabase(options);
    } catch (error) {
      const busy = error instanceof Error && /already in use by process/.test(error.message);
      if (!busy || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

let backend: LocalSupabase | undefined;
let stopping = false;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await backend?.close();
  } finally {
    process.exit(code);
  }
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
process.on("disconnect", () => void stop(0));

process.once("message", async (message: StartMessage) => {
  if (message?.type !== "start") return;
  try {
    backend = await startWithRetry({
      ...message.options,
      log,
      onNotify: (channel, payload) => send({ type: "notify", channel, payload }),
    });
    send({
      type: "ready",
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      mailboxUrl: backend.mailboxUrl,
      users: backend.users,
    });
  } catch (error) {
    send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
    await stop(1);
  }
});

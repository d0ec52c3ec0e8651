import { randomBytes } from "node:crypto";
import { type DarajaStandIn, startDarajaStandIn } from "@jenga/daraja-local";
import { type Env, setRuntimeEnv } from "../app/infra/env.server.ts";
import type { BackendHandle } from "./embedded-backend.ts";

/**
 * The webhook lane's hooks the stand-in posts to: the STK callback, the C2B confirmation and
 * Transaction Status's Results.
 */
export const STK_HOOK = "mpesa";
export const C2B_HOOK = "mpesac2b";
export const STATUS_HOOK = "mpesastatus";

/**
 * A hook's secret: the configured one, else a new random one for this run. The lane reads every
 * `HOOK_…` variable itself (app/infra/hook-env.ts) and `setRuntimeEnv` takes only the schema's
 * keys, so these are set in process.env directly (workers inherit it). Hex: Daraja refuses C2B
 * URLs containing `exe`, `cmd`, `sql` or `query`, which hex cannot spell.
 */
function hookSecret(hook: string): string {
  const name = `HOOK_${hook.toUpperCase()}_SECRET`;
  const secret = process.env[name] || randomBytes(24).toString("hex");
  process.env[name] = secret;
  return secret;
}

/**
 * With no MPESA_CONSUMER_KEY, starts the local Daraja stand-in (mpesa/local, in this process: it
 * only answers HTTP and posts callbacks) on MPESA_LOCAL_PORT and points the site at it:
 * MPESA_BASE_URL, MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET, and — when unset — random
 * HOOK_MPESA_SECRET, HOOK_MPESAC2B_SECRET and HOOK_MPESASTATUS_SECRET. The stand-in knows the site's merchant
 * (MPESA_SHORTCODE / MPESA_PASSKEY, the sandbox's by default) and starts with the Paybill's C2B
 * confirmation URL registered (`<origin>/hooks/mpesac2b/<secret>`), so its phone page's
 * "Pay by Paybill" reaches the site before the site registers URLs itself.
 */
export async function startDarajaStandInIfNeeded(
  env: Env,
  siteUrl: string,
  log: (line: string) => void,
): Promise<DarajaStandIn | undefined> {
  if (env.MPESA_CONSUMER_KEY) {
    log(`Using Daraja at ${env.MPESA_BASE_URL}`);
    return undefined;
  }
  hookSecret(STK_HOOK);
  hookSecret(STATUS_HOOK);
  const c2bSecret = hookSecret(C2B_HOOK);
  const origin = (env.MPESA_CALLBACK_ORIGIN ?? siteUrl).replace(/\/+$/, "");
  const standIn = await startDarajaStandIn({
    port: env.MPESA_LOCAL_PORT,
    host: "127.0.0.1",
    merchants: { [env.MPESA_SHORTCODE]: env.MPESA_PASSKEY },
    c2bVersion: env.MPESA_C2B_VERSION,
    c2bUrls: [
      {
        shortcode: env.MPESA_PAYBILL ?? env.MPESA_SHORTCODE,
        responseType: "Completed",
        confirmationUrl: `${origin}/hooks/${C2B_HOOK}/${c2bSecret}`,
        validationUrl: undefined,
        version: env.MPESA_C2B_VERSION,
      },
    ],
    log: (line) => log(`Daraja stand-in: ${line}`),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    throw new Error(
      `The local Daraja stand-in cannot listen on port ${env.MPESA_LOCAL_PORT}: it is in use. Set MPESA_LOCAL_PORT to a free port (0: any), or set the MPESA_* credentials of a real Daraja app.`,
    );
  });
  setRuntimeEnv({
    MPESA_BASE_URL: standIn.url,
    MPESA_CONSUMER_KEY: standIn.consumerKey,
    MPESA_CONSUMER_SECRET: standIn.consumerSecret,
  });
  log(`Local Daraja stand-in (M-Pesa): ${standIn.url}`);
  log(`Phone: ${standIn.phoneUrl}`);
  if (env.NODE_ENV === "production") {
    log(
      "M-Pesa payments are simulated by the local stand-in: set MPESA_BASE_URL, MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET to take real ones (docs/payments.md)",
    );
  }
  return standIn;
}

/**
 * The handle the shutdown paths already close (server/primary.ts, server/worker.ts,
 * server/dev.ts), closing the stand-in first.
 */
export function closingStandInToo(
  backend: BackendHandle | undefined,
  standIn: { close(): Promise<void> } | undefined,
): BackendHandle | undefined {
  if (!standIn) return backend;
  return {
    onContentChanged: (listener) => backend?.onContentChanged(listener),
    async close() {
      await standIn.close();
      await backend?.close();
    },
  };
}

/**
 * Standalone local Daraja stand-in (for an app other than the site, or a site pointed at it with
 * MPESA_BASE_URL / MPESA_CONSUMER_KEY / MPESA_CONSUMER_SECRET).
 *
 *   node mpesa/local/cli.ts
 *
 * Environment: MPESA_LOCAL_PORT (default 54330, 0 = any), MPESA_SHORTCODE and MPESA_PASSKEY
 * (default: the sandbox's 174379 and its passkey).
 */
import { startDarajaStandIn } from "./index.ts";
import { SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from "./settings.ts";

const env = process.env;
const port = Number.parseInt(env.MPESA_LOCAL_PORT ?? "54330", 10);

const daraja = await startDarajaStandIn({
  port: Number.isInteger(port) && port >= 0 ? port : 54330,
  merchants: {
    [env.MPESA_SHORTCODE || SANDBOX_SHORTCODE]: env.MPESA_PASSKEY || SANDBOX_PASSKEY,
  },
  log: (line) => console.log(line),
});

const lines = [
  "Local Daraja stand-in is running.",
  `  Base URL:         ${daraja.url}`,
  `  Consumer key:     ${daraja.consumerKey}`,
  `  Consumer secret:  ${daraja.consumerSecret}`,
  `  Shortcode:        ${daraja.shortcode}`,
  `  Phone page:       ${daraja.phoneUrl}`,
  `  Test API:         ${daraja.testApiUrl}/`,
];
console.log(lines.join("\n"));

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, closing the Daraja stand-in…`);
  await daraja.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

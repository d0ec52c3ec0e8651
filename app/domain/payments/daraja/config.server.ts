import { env, siteUrl } from "~/infra/env.server";

/**
 * What the site needs to talk to Daraja, from the MPESA_* variables (app/infra/mpesa-env.ts)
 * and the webhook lane's secrets (HOOK_MPESA_SECRET, HOOK_MPESAC2B_SECRET, HOOK_MPESASTATUS_SECRET:
 * app/infra/hook-env.ts).
 * Without MPESA_CONSUMER_KEY the site talks to the local stand-in (mpesa/local) on
 * MPESA_LOCAL_PORT, with stand-in credentials, unless the server set MPESA_BASE_URL to it.
 */
export interface DarajaConfig {
  /** No trailing slash: `https://sandbox.safaricom.co.ke`. */
  baseUrl: string;
  /**
   * The local stand-in answers: no credentials configured, or a loopback base URL (the server
   * points MPESA_BASE_URL and the credentials at the stand-in it starts).
   */
  local: boolean;
  consumerKey: string;
  consumerSecret: string;
  /** BusinessShortCode of pushes and queries (a Paybill, or a Till's store number). */
  shortcode: string;
  passkey: string;
  transactionType: "CustomerPayBillOnline" | "CustomerBuyGoodsOnline";
  /** PartyB of a push: the till number for a Till, else the shortcode. */
  partyB: string;
  /** The Paybill clients pay by hand (C2B): its URLs are registered for it. */
  paybill: string;
  c2bVersion: "v1" | "v2";
  /** `<origin>/hooks/mpesa/<secret>`; undefined without HOOK_MPESA_SECRET. */
  stkCallbackUrl: string | undefined;
  /** `<origin>/hooks/mpesac2b/<secret>`; undefined without HOOK_MPESAC2B_SECRET. */
  c2bCallbackUrl: string | undefined;
  /**
   * Transaction Status's Initiator and SecurityCredential (MPESA_INITIATOR,
   * MPESA_SECURITY_CREDENTIAL; the stand-in's local values when local); undefined when unset.
   */
  initiator: string | undefined;
  securityCredential: string | undefined;
  /** `<origin>/hooks/mpesastatus/<secret>` (Result and QueueTimeOut); undefined without HOOK_MPESASTATUS_SECRET. */
  statusResultUrl: string | undefined;
}

/**
 * The stand-in's own credentials (mpesa/local's defaults; standin.server.test.ts checks they
 * agree), used when no MPESA_CONSUMER_KEY is configured.
 */
export const LOCAL_CONSUMER_KEY = "local-standin-consumer-key";
export const LOCAL_CONSUMER_SECRET = "local-standin-consumer-secret";
/** Transaction Status's initiator with the stand-in (Safaricom's sandbox names it `testapi`). */
export const LOCAL_INITIATOR = "testapi";
/** Any base64 passes the stand-in: it cannot decrypt a credential. */
export const LOCAL_SECURITY_CREDENTIAL = Buffer.from("local-standin-initiator").toString("base64");

const LOOPBACK = /^https?:\/\/(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])(?::\d+)?$/i;

/** The URL Daraja posts a hook's deliveries to: `<origin>/hooks/<name>/<secret>`. */
export function hookUrl(
  origin: string,
  name: string,
  secret: string | undefined,
): string | undefined {
  if (!secret) return undefined;
  return `${origin.replace(/\/+$/, "")}/hooks/${name}/${encodeURIComponent(secret)}`;
}

/** The configuration of this process (env() is re-read when a variable changes). */
export function darajaConfig(): DarajaConfig {
  const e = env();
  const baseUrl = (e.MPESA_BASE_URL ?? `http://127.0.0.1:${e.MPESA_LOCAL_PORT}`).replace(
    /\/+$/,
    "",
  );
  const origin = e.MPESA_CALLBACK_ORIGIN ?? siteUrl();
  const local = !e.MPESA_CONSUMER_KEY || LOOPBACK.test(baseUrl);
  return {
    baseUrl,
    local,
    consumerKey: e.MPESA_CONSUMER_KEY ?? LOCAL_CONSUMER_KEY,
    consumerSecret: e.MPESA_CONSUMER_SECRET ?? LOCAL_CONSUMER_SECRET,
    shortcode: e.MPESA_SHORTCODE,
    passkey: e.MPESA_PASSKEY,
    transactionType: e.MPESA_TRANSACTION_TYPE,
    partyB: e.MPESA_PARTY_B ?? e.MPESA_SHORTCODE,
    paybill: e.MPESA_PAYBILL ?? e.MPESA_SHORTCODE,
    c2bVersion: e.MPESA_C2B_VERSION,
    stkCallbackUrl: hookUrl(origin, "mpesa", e.HOOKS.mpesa?.secret),
    c2bCallbackUrl: hookUrl(origin, "mpesac2b", e.HOOKS.mpesac2b?.secret),
    initiator: e.MPESA_INITIATOR ?? (local ? LOCAL_INITIATOR : undefined),
    securityCredential:
      e.MPESA_SECURITY_CREDENTIAL ?? (local ? LOCAL_SECURITY_CREDENTIAL : undefined),
    statusResultUrl: hookUrl(origin, "mpesastatus", e.HOOKS.mpesastatus?.secret),
  };
}

import { afterEach, describe, expect, it } from "vitest";
import { mpesaEnvShape, SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from "~/infra/mpesa-env";
import {
  darajaConfig,
  LOCAL_CONSUMER_KEY,
  LOCAL_CONSUMER_SECRET,
  LOCAL_INITIATOR,
  LOCAL_SECURITY_CREDENTIAL,
} from "./config.server";

const STK_SECRET = "s".repeat(40);
const C2B_SECRET = "c".repeat(40);

/** The variables a case sets, and what they were before it (put back after it). */
let saved: Record<string, string | undefined> | undefined;

/**
 * Sets the MPESA_* and HOOK_* variables of a case, every other one of them unset — those the
 * schema knows too, whether or not a file before this one left them in the process. Written to
 * process.env itself (what env() reads), not through vi.stubEnv: a fresh-clone run saw a stubbed
 * MPESA_CALLBACK_ORIGIN of the case before survive into the next when files shared a worker.
 */
function configure(variables: Record<string, string>) {
  const keys = new Set([
    ...Object.keys(mpesaEnvShape),
    ...Object.keys(process.env).filter((key) => /^(MPESA|HOOK)_/.test(key)),
    ...Object.keys(variables),
    "SITE_URL",
  ]);
  saved ??= Object.fromEntries([...keys].map((key) => [key, process.env[key]]));
  for (const key of keys) {
    if (!(key in saved)) saved[key] = process.env[key];
    delete process.env[key];
  }
  Object.assign(process.env, { SITE_URL: "https://agency.example", ...variables });
}

afterEach(() => {
  for (const [key, value] of Object.entries(saved ?? {})) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  saved = undefined;
});

describe("Daraja configuration (config.server.ts)", () => {
  it("without credentials, talks to the local stand-in with the sandbox shortcode and passkey", () => {
    configure({ MPESA_LOCAL_PORT: "54999" });
    expect(darajaConfig()).toEqual({
      baseUrl: "http://127.0.0.1:54999",
      local: true,
      consumerKey: LOCAL_CONSUMER_KEY,
      consumerSecret: LOCAL_CONSUMER_SECRET,
      shortcode: SANDBOX_SHORTCODE,
      passkey: SANDBOX_PASSKEY,
      transactionType: "CustomerPayBillOnline",
      partyB: SANDBOX_SHORTCODE,
      paybill: SANDBOX_SHORTCODE,
      c2bVersion: "v2",
      stkCallbackUrl: undefined,
      c2bCallbackUrl: undefined,
      initiator: LOCAL_INITIATOR,
      securityCredential: LOCAL_SECURITY_CREDENTIAL,
      statusResultUrl: undefined,
    });
  });

  it("builds the callback URLs from the hooks' secrets, on SITE_URL or MPESA_CALLBACK_ORIGIN", () => {
    configure({ HOOK_MPESA_SECRET: STK_SECRET, HOOK_MPESAC2B_SECRET: C2B_SECRET });
    expect(darajaConfig()).toMatchObject({
      stkCallbackUrl: `https://agency.example/hooks/mpesa/${STK_SECRET}`,
      c2bCallbackUrl: `https://agency.example/hooks/mpesac2b/${C2B_SECRET}`,
    });
    configure({
      HOOK_MPESA_SECRET: STK_SECRET,
      HOOK_MPESAC2B_SECRET: C2B_SECRET,
      MPESA_CALLBACK_ORIGIN: "https://pay.agency.example/",
    });
    expect(darajaConfig()).toMatchObject({
      stkCallbackUrl: `https://pay.agency.example/hooks/mpesa/${STK_SECRET}`,
      c2bCallbackUrl: `https://pay.agency.example/hooks/mpesac2b/${C2B_SECRET}`,
    });
  });

  it("uses a real Daraja account as configured: a Till pays PartyB, the Paybill takes C2B", () => {
    configure({
      MPESA_BASE_URL: "https://api.safaricom.co.ke/",
      MPESA_CONSUMER_KEY: "k",
      MPESA_CONSUMER_SECRET: "s",
      MPESA_SHORTCODE: "7654321",
      MPESA_PASSKEY: "p".repeat(64),
      MPESA_TRANSACTION_TYPE: "CustomerBuyGoodsOnline",
      MPESA_PARTY_B: "123456",
      MPESA_PAYBILL: "888880",
      MPESA_C2B_VERSION: "v1",
    });
    expect(darajaConfig()).toMatchObject({
      baseUrl: "https://api.safaricom.co.ke",
      local: false,
      consumerKey: "k",
      consumerSecret: "s",
      shortcode: "7654321",
      transactionType: "CustomerBuyGoodsOnline",
      partyB: "123456",
      paybill: "888880",
      c2bVersion: "v1",
    });
  });

  it("takes Transaction Status's initiator and credential as configured, none on a real Daraja without them, and the mpesastatus hook's URL", () => {
    const real = {
      MPESA_BASE_URL: "https://api.safaricom.co.ke",
      MPESA_CONSUMER_KEY: "k",
      MPESA_CONSUMER_SECRET: "s",
    };
    configure(real);
    expect(darajaConfig()).toMatchObject({ initiator: undefined, securityCredential: undefined });
    configure({
      ...real,
      MPESA_INITIATOR: "jengaapi",
      MPESA_SECURITY_CREDENTIAL: "QUJD+/==",
      HOOK_MPESASTATUS_SECRET: STK_SECRET,
    });
    expect(darajaConfig()).toMatchObject({
      initiator: "jengaapi",
      securityCredential: "QUJD+/==",
      statusResultUrl: `https://agency.example/hooks/mpesastatus/${STK_SECRET}`,
    });
  });

  it("knows the stand-in the server started by its loopback address", () => {
    configure({
      MPESA_BASE_URL: "http://127.0.0.1:54330",
      MPESA_CONSUMER_KEY: "standin-key",
      MPESA_CONSUMER_SECRET: "standin-secret",
    });
    expect(darajaConfig()).toMatchObject({ local: true, consumerKey: "standin-key" });
  });
});

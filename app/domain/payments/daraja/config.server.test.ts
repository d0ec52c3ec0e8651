import { afterEach, describe, expect, it, vi } from "vitest";
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

/**
 * Sets the MPESA_* and HOOK_* variables of a case, every other one of them unset — those the
 * schema knows too, whether or not a file before this one left them in the process.
 */
function configure(variables: Record<string, string>) {
  for (const key of new Set([...Object.keys(mpesaEnvShape), ...Object.keys(process.env)])) {
    if (key.startsWith("MPESA_") || key.startsWith("HOOK_")) vi.stubEnv(key, undefined);
  }
  vi.stubEnv("SITE_URL", "https://agency.example");
  for (const [key, value] of Object.entries(variables)) vi.stubEnv(key, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
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

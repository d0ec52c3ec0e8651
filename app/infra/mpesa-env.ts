/**
 * M-Pesa (Safaricom Daraja) configuration, part of app/infra/env.server.ts's schema. With no
 * MPESA_CONSUMER_KEY the server starts the local Daraja stand-in (mpesa/local) and points these
 * at it; pointing the site at the Daraja sandbox or production is setting them (docs/payments.md).
 * Imported by the Node server through env.server.ts: relative imports only.
 */
import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/** Safaricom's public sandbox passkey for shortcode 174379 (the stand-in's default too). */
export const SANDBOX_PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
export const SANDBOX_SHORTCODE = "174379";

const shortcode = z.string().regex(/^\d{5,7}$/, "must be a shortcode of 5 to 7 digits");

export const mpesaEnvShape = {
  /** Daraja's base URL: https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke. */
  MPESA_BASE_URL: optionalText.pipe(
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL")
      .optional(),
  ),
  MPESA_CONSUMER_KEY: optionalText,
  MPESA_CONSUMER_SECRET: optionalText,
  /** The Lipa na M-Pesa Online (STK push) shortcode: a Paybill, or a Till's store number. */
  MPESA_SHORTCODE: optionalText.pipe(shortcode.default(SANDBOX_SHORTCODE)),
  MPESA_PASSKEY: optionalText.pipe(z.string().min(8).default(SANDBOX_PASSKEY)),
  /** `CustomerPayBillOnline` for a Paybill, `CustomerBuyGoodsOnline` for a Till. */
  MPESA_TRANSACTION_TYPE: optionalText.pipe(
    z.enum(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"]).default("CustomerPayBillOnline"),
  ),
  /** For a Till: the till number (PartyB); unset, PartyB is the shortcode. */
  MPESA_PARTY_B: optionalText.pipe(shortcode.optional()),
  /** The Paybill clients pay by hand (C2B), invoice number as account; default MPESA_SHORTCODE. */
  MPESA_PAYBILL: optionalText.pipe(shortcode.optional()),
  /** The C2B product's API version on the Daraja app (`v1` or `v2`; they must match). */
  MPESA_C2B_VERSION: optionalText.pipe(z.enum(["v1", "v2"]).default("v2")),
  /** Public origin Daraja posts callbacks to (https in production); default SITE_URL. */
  MPESA_CALLBACK_ORIGIN: optionalText.pipe(
    z
      .string()
      .url()
      .refine(
        (v) => /^https?:\/\/[^/]+\/?$/.test(v),
        "must be an origin such as https://example.com",
      )
      .optional(),
  ),
  /**
   * Transaction Status (the site asks M-Pesa itself whether a Paybill payment happened): the
   * API operator ("initiator") the agency creates on the M-Pesa org portal with the role
   * "Transaction Status query ORG API". Unset on a real Daraja: Paybill payments wait for an
   * admin's verification against the statement. With the local stand-in: `testapi`.
   */
  MPESA_INITIATOR: optionalText.pipe(z.string().max(64).optional()),
  /**
   * The initiator's password encrypted with Safaricom's M-Pesa public certificate (RSA,
   * PKCS#1 v1.5), in base64: the operator produces it once (Daraja's portal has a generator, or
   * `openssl pkeyutl -encrypt -certin -inkey <ProductionCertificate.cer> -pkeyopt
   * rsa_padding_mode:pkcs1 | base64 -w0`); the site never sees the password. A secret. With the
   * local stand-in: a fixed local value (any base64 passes there).
   */
  MPESA_SECURITY_CREDENTIAL: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64 (the encrypted initiator password)")
      .optional(),
  ),
  /** The local stand-in's port (only when no MPESA_CONSUMER_KEY is set). */
  MPESA_LOCAL_PORT: optionalText.pipe(
    z.coerce.number<string>().int().min(0).max(65535).default(54330),
  ),
};

/** Issues of a configuration that names part of a Daraja account but not all of it. */
export function mpesaIssues(value: {
  MPESA_BASE_URL?: string;
  MPESA_CONSUMER_KEY?: string;
  MPESA_CONSUMER_SECRET?: string;
}): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const any = value.MPESA_BASE_URL || value.MPESA_CONSUMER_KEY || value.MPESA_CONSUMER_SECRET;
  if (!any) return issues;
  for (const key of ["MPESA_BASE_URL", "MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET"] as const) {
    if (!value[key]) {
      issues.push({
        path: key,
        message:
          "is required with the other Daraja credentials (MPESA_BASE_URL, MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET); unset all three to use the local stand-in",
      });
    }
  }
  return issues;
}

import { z } from "zod";
import { backendFailure } from "~/domain/admin/queries.server";
import type { Translator } from "~/i18n/translate.server";
import type { Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { parsePercentBp, percentText } from "./money-input";

/**
 * The agency's billing settings (public.billing_settings, one row; admins change it, staff read
 * it: the table's policies decide) and a client's KRA PIN (organisations.kra_pin). The forms
 * are read with Zod; what the database refuses anyway (its checks) is worded here first.
 */

export type BillingSettings = Pick<
  Tables<"billing_settings">,
  | "vat_rate_bp"
  | "invoice_prefix"
  | "kra_pin"
  | "payment_days"
  | "partial_payments"
  | "deposit_percent"
>;

export const KRA_PIN = /^[AP][0-9]{9}[A-Z]$/;

const SETTINGS_COLUMNS =
  "vat_rate_bp, invoice_prefix, kra_pin, payment_days, partial_payments, deposit_percent";

/** The defaults of the migration, for a caller who may not read the row. */
export const DEFAULT_SETTINGS: BillingSettings = {
  vat_rate_bp: 1600,
  invoice_prefix: "JD",
  kra_pin: null,
  payment_days: 14,
  partial_payments: true,
  deposit_percent: 50,
};

export async function loadBillingSettings(supabase: AppSupabase): Promise<Result<BillingSettings>> {
  const { data, error } = await supabase
    .from("billing_settings")
    .select(SETTINGS_COLUMNS)
    .maybeSingle();
  if (error) return backendFailure(error);
  return ok(data ?? DEFAULT_SETTINGS);
}

/** A whole number typed in a field, within bounds; undefined otherwise. */
export function wholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : undefined;
}

function boundedInteger(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => wholeNumber(v, min, max) !== undefined, { error: message })
    .transform((v) => wholeNumber(v, min, max) ?? min);
}

/** A KRA PIN field: empty is none; typed in any case and with spaces, kept upper case. */
export function kraPinField(message: string) {
  return z
    .string()
    .trim()
    .max(20, { error: message })
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .refine((v) => KRA_PIN.test(v), { error: message })
    .optional()
    .transform((v) => v ?? null);
}

export function billingSettingsSchema(t: Translator) {
  const vat = t("adminBilling.settings.vatRateInvalid");
  const prefix = t("adminBilling.settings.prefixInvalid");
  return z.object({
    vat_rate: z
      .string({ error: vat })
      .trim()
      .max(10, { error: vat })
      .refine((v) => parsePercentBp(v) !== undefined, { error: vat })
      .transform((v) => parsePercentBp(v) ?? 0),
    invoice_prefix: z
      .string({ error: prefix })
      .trim()
      .max(10, { error: prefix })
      .transform((v) => v.toUpperCase())
      .refine((v) => /^[A-Z]{1,6}$/.test(v), { error: prefix }),
    kra_pin: kraPinField(t("adminBilling.settings.kraPinInvalid")),
    payment_days: boundedInteger(t("adminBilling.settings.paymentDaysInvalid"), 0, 365),
    partial_payments: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
    deposit_percent: boundedInteger(t("adminBilling.settings.depositPercentInvalid"), 0, 100),
  });
}

export type BillingSettingsInput = z.output<ReturnType<typeof billingSettingsSchema>>;

/** The form's values of saved settings (what the fields show before anything is typed). */
export function settingsFormValues(settings: BillingSettings) {
  return {
    vat_rate: percentText(settings.vat_rate_bp),
    invoice_prefix: settings.invoice_prefix,
    kra_pin: settings.kra_pin ?? "",
    payment_days: String(settings.payment_days),
    partial_payments: settings.partial_payments,
    deposit_percent: String(settings.deposit_percent),
  };
}

export async function saveBillingSettings(
  supabase: AppSupabase,
  input: BillingSettingsInput,
): Promise<Result> {
  const { data, error } = await supabase
    .from("billing_settings")
    .update({
      vat_rate_bp: input.vat_rate,
      invoice_prefix: input.invoice_prefix,
      kra_pin: input.kra_pin,
      payment_days: input.payment_days,
      partial_payments: input.partial_payments,
      deposit_percent: input.deposit_percent,
    })
    .eq("id", true)
    .select("id");
  if (error) return backendFailure(error);
  if (!data?.length) return backendFailure(new Error("billing settings not updated"));
  return ok();
}

export function clientPinSchema(t: Translator) {
  return z.object({
    intent: z.literal("kra_pin"),
    kra_pin: kraPinField(t("adminBilling.clientPin.invalid")),
  });
}

/** A client's KRA PIN (null: none). */
export async function clientKraPin(
  supabase: AppSupabase,
  organisation: string,
): Promise<string | null> {
  const { data } = await supabase
    .from("organisations")
    .select("kra_pin")
    .eq("id", organisation)
    .maybeSingle();
  return data?.kra_pin ?? null;
}

export async function saveClientKraPin(
  supabase: AppSupabase,
  organisation: string,
  pin: string | null,
): Promise<Result> {
  const { data, error } = await supabase
    .from("organisations")
    .update({ kra_pin: pin })
    .eq("id", organisation)
    .select("id");
  if (error) return backendFailure(error);
  if (!data?.length) return backendFailure(new Error("organisation not updated"));
  return ok();
}

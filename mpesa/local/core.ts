/** What the phone page and the test API act on, and the Paybill payment both can make. */
import type { C2b, C2bVersion } from "./c2b.ts";
import { simulationOf } from "./checks.ts";
import type { StandInContext } from "./settings.ts";
import type { TransactionStatus } from "./status.ts";
import type { StkPushes } from "./stk.ts";

export interface StandInCore {
  ctx: StandInContext;
  stk: StkPushes;
  c2b: C2b;
  status: TransactionStatus;
  /** The default Paybill of the phone page's form (the first merchant). */
  paybill: string;
}

export interface PaybillInput {
  paybill: string;
  account: string;
  amount: string | number;
  phone: string;
}

/** `07…`, `01…`, `+254…` and spaces become `254…`, as a phone would send it. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, "").replace(/^\+/, "");
  return /^0[17]\d{8}$/.test(digits) ? `254${digits.slice(1)}` : digits;
}

/**
 * A customer pays a Paybill by hand: the C2B simulate path (same checks, validation and
 * confirmation), in the version the shortcode's URLs were registered with (v2 if none).
 * Throws DarajaError (`Bad Request - Invalid <field>`) on bad input.
 */
export function payByPaybill(core: StandInCore, input: PaybillInput) {
  const simulation = simulationOf({
    ShortCode: input.paybill.trim(),
    CommandID: "CustomerPayBillOnline",
    Amount: typeof input.amount === "string" ? input.amount.trim() : input.amount,
    Msisdn: normalisePhone(input.phone),
    BillRefNumber: input.account.trim(),
  });
  const registered = core.c2b.registrations().find((r) => r.shortcode === simulation.shortcode);
  const version: C2bVersion = registered?.version ?? "v2";
  return core.c2b.simulate(simulation, version);
}

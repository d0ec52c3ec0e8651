/**
 * C2B (Paybill / Till paid by hand) in the stand-in: URL registration, simulated payments, the
 * validation request and the confirmation (README.md, "Outcomes and callbacks").
 */
import { type Registration, type Simulation, shownMsisdn } from "./checks.ts";
import { isDelivered } from "./exchanges.ts";
import { postCallback, type StandInContext } from "./settings.ts";
import { darajaTimestamp, ERRORS, originatorConversationId, receiptNumber } from "./wire.ts";

export type C2bVersion = "v1" | "v2";

export interface StoredRegistration extends Registration {
  version: C2bVersion;
  /** Given in the options: the first registration through the API replaces it. */
  seeded: boolean;
  registeredAt: string;
}

export interface C2bPayment {
  transId: string;
  shortcode: string;
  amount: number;
  msisdn: string;
  billRefNumber: string;
  commandId: Simulation["commandId"];
  version: C2bVersion;
  createdAt: string;
  /**
   * `no-urls`: nothing registered for the shortcode, nothing posted; `rejected`: validation said
   * no (or timed out under ResponseType Cancelled); `confirmed`: the confirmation got a 2xx;
   * `unconfirmed`: it did not.
   */
  status: "pending" | "no-urls" | "rejected" | "confirmed" | "unconfirmed";
  validation?: { resultCode: string; resultDesc: string } | "no-answer";
}

const KEPT = 500;
const amountText = (amount: number) => `${amount}.00`;

export class C2b {
  readonly #ctx: StandInContext;
  readonly #seeded: StoredRegistration[];
  readonly #registrations = new Map<string, StoredRegistration>();
  readonly #balances = new Map<string, number>();
  #payments: C2bPayment[] = [];

  constructor(ctx: StandInContext, seeded: (Registration & { version?: C2bVersion })[]) {
    this.#ctx = ctx;
    const at = new Date().toISOString();
    this.#seeded = seeded.map((r) => ({ version: "v2", ...r, seeded: true, registeredAt: at }));
    this.reset();
  }

  registrations(): StoredRegistration[] {
    return [...this.#registrations.values()];
  }

  payments(): C2bPayment[] {
    return [...this.#payments].reverse();
  }

  reset(): void {
    this.#registrations.clear();
    for (const seeded of this.#seeded) this.#registrations.set(seeded.shortcode, seeded);
    this.#balances.clear();
    this.#payments = [];
  }

  /** Registers URLs once per shortcode (500.003.1001 after), as production Daraja does. */
  register(registration: Registration, version: C2bVersion) {
    const known = this.#registrations.get(registration.shortcode);
    if (known && !known.seeded) throw ERRORS.registered();
    this.#registrations.set(registration.shortcode, {
      ...registration,
      version,
      seeded: false,
      registeredAt: new Date().toISOString(),
    });
    this.#ctx.log(`C2B URLs registered for ${registration.shortcode} (${version})`);
    return {
      OriginatorCoversationID: originatorConversationId(),
      ResponseCode: "0",
      ResponseDescription: "Success",
    };
  }

  /**
   * A customer pays: answers at once, then validation (when on and registered) and confirmation
   * go out in the background; `done` settles when they have.
   */
  simulate(simulation: Simulation, version: C2bVersion) {
    const payment: C2bPayment = {
      ...simulation,
      transId: receiptNumber(),
      version,
      createdAt: new Date().toISOString(),
      status: "pending",
    };
    this.#payments.push(payment);
    if (this.#payments.length > KEPT) this.#payments.splice(0, this.#payments.length - KEPT);
    this.#ctx.log(
      `C2B payment ${payment.transId}: KES ${payment.amount} to ${payment.shortcode}, account ${payment.billRefNumber}`,
    );
    const done = this.#process(payment);
    return {
      payment,
      done,
      response: {
        OriginatorCoversationID: originatorConversationId(),
        ResponseCode: "0",
        ResponseDescription: "Accept the service request successfully.",
      },
    };
  }

  /** The all-string body validation and confirmation share. */
  #payload(payment: C2bPayment, registration: StoredRegistration, balance: string) {
    const { customer } = this.#ctx;
    return {
      TransactionType: payment.commandId === "CustomerBuyGoodsOnline" ? "Buy Goods" : "Pay Bill",
      TransID: payment.transId,
      TransTime: darajaTimestamp(Date.parse(payment.createdAt)),
      TransAmount: amountText(payment.amount),
      BusinessShortCode: payment.shortcode,
      BillRefNumber: payment.billRefNumber,
      InvoiceNumber: "",
      OrgAccountBalance: balance,
      ThirdPartyTransID: "",
      MSISDN: shownMsisdn(payment.msisdn, registration.version),
      FirstName: customer.firstName,
      MiddleName: customer.middleName,
      LastName: customer.lastName,
    };
  }

  async #process(payment: C2bPayment): Promise<void> {
    const registration = this.#registrations.get(payment.shortcode);
    if (!registration) {
      payment.status = "no-urls";
      return;
    }
    let thirdPartyTransId = "";
    if (this.#ctx.settings.validation && registration.validationUrl) {
      const answer = await this.#validate(payment, registration);
      payment.validation = answer ?? "no-answer";
      const accepted = answer
        ? answer.resultCode === "0"
        : registration.responseType === "Completed";
      if (!accepted) {
        payment.status = "rejected";
        return;
      }
      thirdPartyTransId = answer?.thirdPartyTransId ?? "";
    }
    const balance = (this.#balances.get(payment.shortcode) ?? 0) + payment.amount;
    this.#balances.set(payment.shortcode, balance);
    const delivery = await postCallback(this.#ctx, {
      url: registration.confirmationUrl,
      payload: {
        ...this.#payload(payment, registration, amountText(balance)),
        ThirdPartyTransID: thirdPartyTransId,
      },
      kind: "c2b-confirmation",
      ref: payment.transId,
    });
    payment.status = isDelivered(delivery) ? "confirmed" : "unconfirmed";
  }

  /** The validation answer, or undefined when there is none in time (the ResponseType applies). */
  async #validate(payment: C2bPayment, registration: StoredRegistration) {
    const delivery = await postCallback(this.#ctx, {
      url: registration.validationUrl!,
      payload: this.#payload(payment, registration, ""),
      kind: "c2b-validation",
      ref: payment.transId,
      timeoutMs: this.#ctx.settings.validationTimeoutMs,
    });
    if (!isDelivered(delivery)) return undefined;
    try {
      const body = JSON.parse(delivery.body ?? "") as Record<string, unknown>;
      const resultCode = String(body.ResultCode);
      if (resultCode !== "0" && !/^C2B000(1[1-6])$/.test(resultCode)) return undefined;
      return {
        resultCode,
        resultDesc: String(body.ResultDesc ?? ""),
        thirdPartyTransId: typeof body.ThirdPartyTransID === "string" ? body.ThirdPartyTransID : "",
      };
    } catch {
      return undefined;
    }
  }
}

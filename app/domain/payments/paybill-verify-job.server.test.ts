import { describe, expect, it } from "vitest";
import type { TransactionStatusAnswer } from "./daraja/transaction-status.server";
import {
  ASK_AGAIN_MS,
  askAboutPayment,
  GIVE_UP_MS,
  verifyRound,
} from "./paybill-verify-job.server";

/**
 * A service client recording the notes written (update → eq → is) and the queries asked
 * (paybill_status_queries upserts).
 */
function notes() {
  const written: { id: unknown; note: unknown }[] = [];
  const queries: unknown[] = [];
  const service = {
    from: () => ({
      update: (values: { note: unknown }) => ({
        eq: (_column: string, id: unknown) => ({
          is: async () => {
            written.push({ id, note: values.note });
            return { error: null };
          },
        }),
      }),
      upsert: async (row: unknown) => {
        queries.push(row);
        return { error: null };
      },
    }),
  };
  return { service: service as never, written, queries };
}

const PAYMENT = { id: 7, method: "mpesa_paybill", mpesa_receipt: "UKT4H2J9QZ", verified_at: null };
const answering = (answer: TransactionStatusAnswer) => async () => answer;

describe("the Paybill verify job (askAboutPayment)", () => {
  it("asks about the receipt once accepted, keeping the query's id and writing no note", async () => {
    const { service, written, queries } = notes();
    const asked: string[] = [];
    const answer = await askAboutPayment(service, PAYMENT, async (transId, occasion) => {
      asked.push(`${transId} ${occasion}`);
      return { kind: "accepted", conversationId: "AG_1" };
    });
    expect(answer).toEqual({ kind: "accepted", conversationId: "AG_1" });
    expect(asked).toEqual(["UKT4H2J9QZ Payment 7"]);
    expect(written).toEqual([]);
    expect(queries).toEqual([{ conversation_id: "AG_1", payment_id: 7 }]);
  });

  it("fails when Daraja does not answer, so the runner retries with backoff", async () => {
    const { service, written } = notes();
    await expect(
      askAboutPayment(service, PAYMENT, answering({ kind: "unreachable", reason: "timeout" })),
    ).rejects.toThrow("Transaction Status unreachable (timeout)");
    expect(written).toEqual([]);
  });

  it("leaves a note for the agency when refused or not configured", async () => {
    const { service, written } = notes();
    await askAboutPayment(
      service,
      PAYMENT,
      answering({ kind: "rejected", errorCode: "401.003.01", errorMessage: "No product" }),
    );
    await askAboutPayment(
      service,
      PAYMENT,
      answering({ kind: "unconfigured", message: "MPESA_INITIATOR … not set" }),
    );
    expect(written).toEqual([
      {
        id: 7,
        note: "Not verified automatically: Transaction Status refused the query (401.003.01 No product); an admin verifies it against the M-Pesa statement",
      },
      {
        id: 7,
        note: "Not verified automatically (MPESA_INITIATOR … not set); an admin verifies it against the M-Pesa statement",
      },
    ]);
  });

  it("asks nothing about a verified payment, another method or one without a receipt", async () => {
    const { service } = notes();
    const never = async (): Promise<TransactionStatusAnswer> => {
      throw new Error("asked");
    };
    for (const payment of [
      { ...PAYMENT, verified_at: "2026-11-29T10:00:00Z" },
      { ...PAYMENT, method: "mpesa_stk" },
      { ...PAYMENT, mpesa_receipt: null },
    ]) {
      expect(await askAboutPayment(service, payment, never)).toBeUndefined();
    }
  });
});

describe("the Paybill verify job's rounds (verifyRound)", () => {
  const NOW = Date.parse("2026-11-29T10:00:00Z");
  const recorded = (agoMs: number, note: string | null = null) => ({
    ...PAYMENT,
    note,
    created_at: new Date(NOW - agoMs).toISOString(),
  });
  const accepted = answering({ kind: "accepted", conversationId: "AG_1" });

  it("looks again after ASK_AGAIN_MS once asked, and stops once a Result or a person left a note", async () => {
    const { service } = notes();
    expect(await verifyRound(service, recorded(60_000), accepted, NOW)).toEqual({
      again: new Date(NOW + ASK_AGAIN_MS),
    });
    expect(
      await verifyRound(service, recorded(60_000, "Not verified: …"), accepted, NOW),
    ).toBeUndefined();
  });

  it("tells the agency when no Result came in GIVE_UP_MS, without asking", async () => {
    const { service, written } = notes();
    const never = async (): Promise<TransactionStatusAnswer> => {
      throw new Error("asked");
    };
    expect(await verifyRound(service, recorded(GIVE_UP_MS + 1), never, NOW)).toBeUndefined();
    expect(written).toEqual([
      {
        id: 7,
        note: "Not verified automatically: M-Pesa's Transaction Status sent no Result in 2 hours; an admin verifies it against the M-Pesa statement",
      },
    ]);
  });
});

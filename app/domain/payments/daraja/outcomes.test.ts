import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/translate.server";
import { canRetry, OUTCOME_MESSAGES, type OutcomeKind, outcomeOf, pushOutcome } from "./outcomes";

describe("push outcomes (outcomes.ts)", () => {
  it("gives every result code of the contract's table its outcome", () => {
    const table: [string | number, OutcomeKind][] = [
      [0, "paid"],
      ["0", "paid"],
      [1, "insufficient_funds"],
      [2, "limit"],
      [3, "limit"],
      [4, "limit"],
      [8, "limit"],
      [17, "busy"],
      [1019, "timed_out"],
      [1025, "failed"],
      [1032, "cancelled"],
      ["1032", "cancelled"],
      [1037, "timed_out"],
      [2001, "wrong_pin"],
      [2028, "failed"],
      [8006, "pin_locked"],
      ["SFC_IC0003", "failed"],
      [1001, "busy"],
      [26, "busy"],
      [9999, "failed"],
      [12345, "unknown"],
      ["", "unknown"],
      ["constructor", "unknown"],
      ["__proto__", "unknown"],
      ["sfc_ic0003", "unknown"],
    ];
    for (const [code, kind] of table) expect(outcomeOf(code), String(code)).toBe(kind);
  });

  it("lets the payer try again unless paid, locked out, or not known yet", () => {
    expect(canRetry("cancelled")).toBe(true);
    expect(canRetry("wrong_pin")).toBe(true);
    expect(canRetry("paid")).toBe(false);
    expect(canRetry("pin_locked")).toBe(false);
    expect(canRetry("unknown")).toBe(false);
  });

  it("maps a push's answer to what the page shows next", () => {
    expect(pushOutcome({ kind: "accepted" })).toBe("waiting");
    expect(pushOutcome({ kind: "busy" })).toBe("busy");
    expect(pushOutcome({ kind: "unreachable" })).toBe("unreachable");
    expect(pushOutcome({ kind: "rejected" })).toBe("failed");
    expect(pushOutcome({ kind: "unconfigured" })).toBe("failed");
    expect(pushOutcome({ kind: "invalid" })).toBeUndefined();
  });

  it("has what happened and what to do next in English, Kiswahili and French", () => {
    const [en, sw, fr] = [translator("en"), translator("sw"), translator("fr")];
    expect(en(OUTCOME_MESSAGES.waiting.title)).toBe("Check your phone and enter your M-Pesa PIN");
    expect(en(OUTCOME_MESSAGES.cancelled.title)).toBe("The payment was cancelled on the phone.");
    expect(en(OUTCOME_MESSAGES.wrong_pin.next)).toBe("Try again, or pay by Paybill.");
    expect(sw(OUTCOME_MESSAGES.waiting.title)).toBe(
      "Angalia simu yako na uweke PIN yako ya M-Pesa",
    );
    expect(fr(OUTCOME_MESSAGES.cancelled.title)).toBe("Le paiement a été annulé sur le téléphone.");
    for (const { title, next } of Object.values(OUTCOME_MESSAGES)) {
      for (const t of [en, sw, fr]) {
        expect(t(title)).not.toBe(title);
        expect(t(next)).not.toBe(next);
      }
    }
  });
});

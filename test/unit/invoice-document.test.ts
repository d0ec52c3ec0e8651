import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeLine,
  computeTotals,
  divideRoundHalfAwayFromZero,
  documentNumber,
  LINE_LIMITS,
  type LineInput,
} from "~/domain/invoices/document";
import { formatCents, formatRate } from "~/domain/invoices/money";
import { PAYBILL, sampleDocument } from "../support/invoice-documents";

/**
 * Invoice amounts are exact (issue 43 item 1): a line's VAT follows the one rounding rule, the
 * totals are the sums of the lines, and nothing is ever a fraction of a cent.
 */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The rule written differently: round(|n|·r / 10 000) = ⌊(2·|n|·r + 10 000) / 20 000⌋, signed. */
function referenceVat(net: bigint, rate: bigint): bigint {
  const magnitude = ((net < 0n ? -net : net) * rate * 2n + 10_000n) / 20_000n;
  return net < 0n ? -magnitude : magnitude;
}

const L = LINE_LIMITS;
const line = fc.record({
  description: fc.string({ maxLength: 20 }),
  quantity: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: L.quantityMax })),
  unitPriceCents: fc.oneof(
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.integer({ min: -L.unitPriceCentsMax, max: L.unitPriceCentsMax }),
  ),
  vatRateBp: fc.oneof(fc.constantFrom(0, 800, 1600), fc.integer({ min: 0, max: L.vatRateBpMax })),
});

describe("a line's VAT", () => {
  it("is rounded half away from zero, to the cent", () => {
    const vat = (unitPriceCents: number, vatRateBp = 1600, quantity = 1) =>
      computeLine({ description: "", quantity, unitPriceCents, vatRateBp }).vatCents;
    expect(vat(10_000)).toBe(1600); // Ksh 100 → Ksh 16
    expect(vat(3125, 1600)).toBe(500); // exactly 500
    expect(vat(3)).toBe(0); // 0.48 cents
    expect(vat(25, 200)).toBe(1); // 0.5 cents → 1
    expect(vat(-25, 200)).toBe(-1); // −0.5 cents → −1 (a discount line)
    expect(vat(1_250, 100)).toBe(13); // 12.5 → 13
    expect(vat(1_249, 100)).toBe(12); // 12.49 → 12
    expect(vat(150_050, 1600, 12)).toBe(288_096); // 1 800 600 × 16 % = 288 096
    expect(vat(33_333, 0, 3)).toBe(0);
  });

  it("matches the rule written another way, for any line", () => {
    fc.assert(
      fc.property(line, (input) => {
        const computed = computeLine(input);
        const net = BigInt(input.quantity) * BigInt(input.unitPriceCents);
        expect(computed.netCents).toBe(Number(net));
        expect(computed.vatCents).toBe(Number(referenceVat(net, BigInt(input.vatRateBp))));
      }),
    );
  });

  it("divides with the same rule for any integers", () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt({ min: 1n, max: 10n ** 12n }), (n, d) => {
        const q = divideRoundHalfAwayFromZero(n, d);
        // |n − q·d| ≤ d/2, and a tie went away from zero.
        const error = n - q * d;
        expect(2n * (error < 0n ? -error : error) <= d).toBe(true);
        if (2n * (error < 0n ? -error : error) === d)
          expect(q < 0n ? -q : q).toBe((n < 0n ? -n : n) / d + 1n);
      }),
    );
  });

  it("refuses fractions and out-of-range amounts instead of rounding them", () => {
    const bad: LineInput[] = [
      { description: "", quantity: 1.5, unitPriceCents: 100, vatRateBp: 1600 },
      { description: "", quantity: 1, unitPriceCents: 99.99, vatRateBp: 1600 },
      { description: "", quantity: 1, unitPriceCents: 100, vatRateBp: 0.16 },
      { description: "", quantity: 1, unitPriceCents: 100, vatRateBp: 10_001 },
      { description: "", quantity: 1, unitPriceCents: Number.NaN, vatRateBp: 1600 },
      { description: "", quantity: 2 ** 40, unitPriceCents: 2 ** 40, vatRateBp: 1600 },
    ];
    for (const input of bad) expect(() => computeLine(input)).toThrow(RangeError);
  });
});

describe("the totals", () => {
  it("are the sums of the lines: VAT per rate, VAT, total — they never drift", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: L.linesMax }), (inputs) => {
        const lines = inputs.map(computeLine);
        const totals = computeTotals(lines);
        const sum = (values: number[]) => values.reduce((a, b) => a + BigInt(b), 0n);
        expect(BigInt(totals.subtotalCents)).toBe(sum(lines.map((l) => l.netCents)));
        expect(BigInt(totals.vatCents)).toBe(sum(lines.map((l) => l.vatCents)));
        expect(BigInt(totals.vatCents)).toBe(sum(totals.vat.map((v) => v.vatCents)));
        expect(BigInt(totals.subtotalCents)).toBe(sum(totals.vat.map((v) => v.netCents)));
        expect(totals.totalCents).toBe(totals.subtotalCents + totals.vatCents);
        for (const rate of totals.vat) {
          const ofRate = lines.filter((l) => l.vatRateBp === rate.rateBp);
          expect(BigInt(rate.vatCents)).toBe(sum(ofRate.map((l) => l.vatCents)));
        }
        expect(totals.vat.map((v) => v.rateBp)).toEqual(
          [...new Set(lines.map((l) => l.vatRateBp))].sort((a, b) => b - a),
        );
        // No float anywhere: every amount is a safe integer.
        const amounts = [
          ...lines.flatMap((l) => [l.netCents, l.vatCents]),
          ...totals.vat.flatMap((v) => [v.netCents, v.vatCents]),
          totals.subtotalCents,
          totals.vatCents,
          totals.totalCents,
        ];
        expect(amounts.every(Number.isSafeInteger)).toBe(true);
      }),
    );
  });

  it("stay safe integers for the largest document the limits allow", () => {
    const biggest = {
      description: "",
      quantity: L.quantityMax,
      unitPriceCents: L.unitPriceCentsMax,
      vatRateBp: L.vatRateBpMax,
    };
    const totals = computeTotals(Array.from({ length: L.linesMax }, () => computeLine(biggest)));
    expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
    expect(totals.totalCents).toBe(2 * L.linesMax * L.quantityMax * L.unitPriceCentsMax);
  });

  it("of the sample invoice add up as a person checks them", () => {
    const doc = sampleDocument("invoice", "en");
    // 120 000 + 18 006 + 999.99 net; VAT 19 200 + 2 880.96; paid 50 000.
    expect(doc.totals.subtotalCents).toBe(13_900_599);
    expect(doc.totals.vat).toEqual([
      { rateBp: 1600, netCents: 13_800_600, vatCents: 2_208_096 },
      { rateBp: 0, netCents: 99_999, vatCents: 0 },
    ]);
    expect(doc.totals.totalCents).toBe(16_108_695);
    expect(doc.paidCents).toBe(5_000_000);
    expect(doc.balanceCents).toBe(11_108_695);
  });
});

describe("the document", () => {
  it("tells an invoice's payer the Paybill and the invoice number as the account", () => {
    const doc = sampleDocument("invoice", "sw");
    expect(doc.number).toBe("JD-2026-0007");
    expect(doc.payment).toEqual({ paybill: PAYBILL, account: "JD-2026-0007" });
  });

  it("asks no payment of a paid, draft or void invoice, a quote or a credit note", () => {
    const paid = sampleDocument("invoice", "en", {
      payments: [
        { receivedAt: "2026-12-02", method: "M-Pesa", reference: "X", amountCents: 16_108_695 },
      ],
      status: "paid",
    });
    expect(paid.balanceCents).toBe(0);
    expect(paid.payment).toBeNull();
    expect(sampleDocument("invoice", "en", { status: "draft" }).payment).toBeNull();
    expect(sampleDocument("invoice", "en", { status: "void" }).payment).toBeNull();
    expect(sampleDocument("invoice", "en", { paybill: null }).payment).toBeNull();
    const quote = sampleDocument("quote", "fr");
    expect([quote.number, quote.payment, quote.balanceCents]).toEqual(["Q-2026-0007", null, 0]);
    const credit = sampleDocument("credit_note", "en");
    expect([credit.number, credit.corrects, credit.payment]).toEqual([
      "JD-CN-2026-0007",
      "JD-2026-0003",
      null,
    ]);
  });

  it("shows an overpayment as a negative balance (a credit)", () => {
    const doc = sampleDocument("invoice", "en", {
      payments: [
        { receivedAt: "2026-12-02", method: "M-Pesa", reference: "X", amountCents: 20_000_000 },
      ],
    });
    expect(doc.balanceCents).toBe(16_108_695 - 20_000_000);
  });

  it("numbers documents by kind, year and sequence", () => {
    expect(documentNumber("invoice", 2026, 1)).toBe("JD-2026-0001");
    expect(documentNumber("credit_note", 2026, 12)).toBe("JD-CN-2026-0012");
    expect(documentNumber("quote", 2027, 12345)).toBe("Q-2027-12345");
  });
});

describe("amounts in words a person reads", () => {
  it("show shillings and two cents in each language", () => {
    expect(plain(formatCents(116_050, "en"))).toBe("Ksh 1,160.50");
    expect(plain(formatCents(116_050, "sw"))).toBe("Ksh 1,160.50");
    expect(plain(formatCents(116_050, "fr"))).toBe("1 160,50 KES");
    expect(plain(formatCents(5, "en"))).toBe("Ksh 0.05");
    expect(plain(formatCents(0, "fr"))).toBe("0,00 KES");
    expect(plain(formatCents(-1_000_000, "en"))).toBe("-Ksh 10,000.00");
    expect(plain(formatCents(900_719_925_474_099n, "en"))).toBe("Ksh 9,007,199,254,740.99");
    expect(() => formatCents(10.5, "en")).toThrow(RangeError);
  });

  it("keep every digit of any amount, even past a float's precision", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.constantFrom("en", "sw", "fr" as const),
        (cents, locale) => {
          const digits = formatCents(cents, locale).replace(/\D/g, "");
          const magnitude = cents < 0n ? -cents : cents;
          expect(digits).toBe(String(magnitude).padStart(3, "0"));
        },
      ),
    );
  });

  it("write VAT rates from basis points", () => {
    expect(formatRate(1600, "en")).toBe("16%");
    expect(plain(formatRate(1600, "fr"))).toBe("16 %");
    expect(formatRate(825, "sw")).toBe("8.25%");
    expect(plain(formatRate(825, "fr"))).toBe("8,25 %");
    expect(formatRate(0, "en")).toBe("0%");
  });
});

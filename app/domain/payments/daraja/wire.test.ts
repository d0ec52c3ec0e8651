import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from "~/infra/mpesa-env";
import { centsOf, MAX_PUSH_CENTS, wholeShillings } from "./amounts";
import { darajaTimestamp, instantOfDarajaTime, stkPassword } from "./clock";

describe("Daraja amounts (amounts.ts)", () => {
  it("reads Daraja's amounts into exact integer cents", () => {
    expect(centsOf(1)).toBe(100);
    expect(centsOf(1.0)).toBe(100);
    expect(centsOf("1")).toBe(100);
    expect(centsOf("1.00")).toBe(100);
    expect(centsOf("5.00")).toBe(500);
    expect(centsOf(" 5.5 ")).toBe(550);
    expect(centsOf("0.01")).toBe(1);
    expect(centsOf(1.1)).toBe(110);
    // 0.29 * 100 is 28.999999999999996 in floating point: never multiplied.
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf(1234.56)).toBe(123456);
    expect(centsOf("250000.00")).toBe(25_000_000);
    expect(centsOf("1.500")).toBe(150);
    expect(centsOf(0)).toBe(0);
  });

  it("refuses what is no amount rather than guessing", () => {
    for (const odd of [
      -1,
      "-1",
      "1.005",
      1.005,
      "1e3",
      1e21,
      "1,000.00",
      "KES 5",
      "",
      " ",
      ".5",
      "5.",
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      true,
      {},
      [1],
      "9".repeat(20),
    ]) {
      expect(centsOf(odd), String(odd)).toBeUndefined();
    }
  });

  it("property: cents written as shillings read back exactly, as text or as a number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        expect(centsOf(text)).toBe(cents);
        expect(centsOf(Number(text))).toBe(cents);
      }),
      { numRuns: 1000 },
    );
  });

  it("asks Daraja for whole shillings only, KES 1 to 250,000", () => {
    expect(wholeShillings(100)).toBe(1);
    expect(wholeShillings(500_000)).toBe(5000);
    expect(wholeShillings(MAX_PUSH_CENTS)).toBe(250_000);
    for (const cents of [0, 50, 150, 99, -100, MAX_PUSH_CENTS + 100, 100.5, Number.NaN, 2 ** 60]) {
      expect(wholeShillings(cents), String(cents)).toBeUndefined();
    }
  });
});

describe("Daraja's clock and password (clock.ts)", () => {
  it("writes the timestamp in Nairobi time (UTC+3), across midnight UTC", () => {
    expect(darajaTimestamp(new Date("2021-06-28T06:24:08Z"))).toBe("20210628092408");
    // 21:00 UTC is midnight in Nairobi: the next day.
    expect(darajaTimestamp(new Date("2026-11-29T21:00:00Z"))).toBe("20261130000000");
    expect(darajaTimestamp(new Date("2026-11-29T20:59:59Z"))).toBe("20261129235959");
    // Midnight UTC is 03:00 in Nairobi, same day.
    expect(darajaTimestamp(new Date("2026-11-30T00:00:00Z"))).toBe("20261130030000");
    // New year and a leap day.
    expect(darajaTimestamp(new Date("2026-12-31T22:30:00Z"))).toBe("20270101013000");
    expect(darajaTimestamp(new Date("2024-02-28T21:00:00Z"))).toBe("20240229000000");
  });

  it("property: the timestamp is 14 digits, three hours ahead of UTC", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }), (ms) => {
        const stamp = darajaTimestamp(new Date(ms));
        expect(stamp).toMatch(/^\d{14}$/);
        const shifted = new Date(Math.floor(ms / 1000) * 1000 + 3 * 3600_000).toISOString();
        expect(stamp).toBe(shifted.replace(/\D/g, "").slice(0, 14));
        expect(instantOfDarajaTime(stamp)).toBe(
          new Date(Math.floor(ms / 1000) * 1000).toISOString(),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("makes the password base64(shortcode + passkey + timestamp), as Daraja's sandbox sample", () => {
    const password = stkPassword(SANDBOX_SHORTCODE, SANDBOX_PASSKEY, "20160216165627");
    expect(password).toBe(
      "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3",
    );
    expect(Buffer.from(password, "base64").toString()).toBe(
      `${SANDBOX_SHORTCODE}${SANDBOX_PASSKEY}20160216165627`,
    );
  });

  it("reads a callback's TransactionDate (number or text) as an instant", () => {
    expect(instantOfDarajaTime(20191219102115)).toBe("2019-12-19T07:21:15.000Z");
    expect(instantOfDarajaTime("20231121121325")).toBe("2023-11-21T09:13:25.000Z");
    expect(instantOfDarajaTime("20260101000000")).toBe("2025-12-31T21:00:00.000Z");
    for (const odd of [
      "20231321121325",
      "20230230000000",
      "2023112112132",
      "",
      "today",
      2.5,
      null,
    ]) {
      expect(instantOfDarajaTime(odd), String(odd)).toBeUndefined();
    }
  });
});

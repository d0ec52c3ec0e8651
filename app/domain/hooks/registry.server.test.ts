import { describe, expect, it } from "vitest";
import { DELIVERY_ID_MAX, idAt } from "./definition";
import { hookDefinition, hookNames } from "./registry.server";

describe("the hook registry", () => {
  it("finds every provider file under providers/ by its name", () => {
    expect(hookNames()).toContain("example");
    expect(hookDefinition("example")?.deliveryId({ id: "evt-1" })).toBe("evt-1");
    expect(hookDefinition("nobody")).toBeUndefined();
    // Names are what the URL and the variables spell: lower-case letters and digits.
    for (const name of hookNames()) expect(name).toMatch(/^[a-z0-9]{1,32}$/);
  });
});

describe("idAt: the provider's delivery id at a path in the payload", () => {
  const mpesaLike = idAt(["Body", "stkCallback", "CheckoutRequestID"]);

  it("reads strings and whole numbers at the path", () => {
    expect(mpesaLike({ Body: { stkCallback: { CheckoutRequestID: "ws_CO_1" } } })).toBe("ws_CO_1");
    expect(idAt(["id"])({ id: 42 })).toBe("42");
    expect(idAt(["id"])({ id: "Malipo-é-😀" })).toBe("Malipo-é-😀");
  });

  it("finds none where the payload is not shaped so", () => {
    const id = idAt(["id"]);
    for (const payload of [
      null,
      "id",
      [1],
      {},
      { id: "" },
      { id: 1.5 },
      { id: true },
      { id: { nested: 1 } },
      { id: "x".repeat(DELIVERY_ID_MAX + 1) },
      { id: "\u0000" },
      { id: "a\nb" },
      { id: "\ud800" },
      Object.create({ id: "inherited" }),
    ]) {
      expect(id(payload), JSON.stringify(payload)).toBeUndefined();
    }
    expect(mpesaLike({ Body: [] })).toBeUndefined();
    expect(idAt(["constructor"])({})).toBeUndefined();
  });
});

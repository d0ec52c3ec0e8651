import { describe, expect, it } from "vitest";
import { clientDetailsOf, clientDetailsSchemaIn } from "~/domain/accounts/client-details.server";
import { notificationPrefsOf, wantsMail } from "~/domain/accounts/notification-prefs";

describe("the profile's client fields", () => {
  const schema = clientDetailsSchemaIn("en");

  it.each([
    ["a012345678z", "A012345678Z"],
    [" P051 234 567-X ", "P051234567X"],
    ["", ""],
  ])("read the KRA PIN %j as %j", (typed, stored) => {
    expect(schema.parse({ kraPin: typed }).kraPin).toBe(stored);
  });

  it.each(["B012345678Z", "A01234567Z", "A0123456789", "A012345678Z1", "PIN A012345678Z"])(
    "refuse %j as a KRA PIN",
    (typed) => {
      const read = schema.safeParse({ kraPin: typed });
      expect(read.success).toBe(false);
      expect(read.error?.issues[0]?.message).toMatch(/^Enter a KRA PIN: A or P, nine digits/);
    },
  );

  it("store a phone in E.164 and show it as Kenyans write it; an unreadable one shows nothing", () => {
    expect(schema.parse({ phone: "0712-345-678" }).phone).toBe("+254712345678");
    expect(schema.safeParse({ phone: "0712 345" }).success).toBe(false);
    expect(clientDetailsOf({ user_metadata: { phone: "+254712345678" } }).phone).toBe(
      "0712 345 678",
    );
    expect(clientDetailsOf({ user_metadata: { phone: "call me" } }).phone).toBe("");
  });
});

describe("the optional mails", () => {
  it("are all on for an account that never chose, and off only when set to false", () => {
    expect(notificationPrefsOf({})).toEqual({ messages: true, deliverables: true, invoices: true });
    expect(notificationPrefsOf(null)).toEqual({
      messages: true,
      deliverables: true,
      invoices: true,
    });
    const meta = { notifications: { messages: false, invoices: "no" } };
    expect(notificationPrefsOf(meta)).toEqual({
      messages: false,
      deliverables: true,
      invoices: true,
    });
    expect(wantsMail({ user_metadata: meta }, "messages")).toBe(false);
    expect(wantsMail(null, "invoices")).toBe(true);
  });
});

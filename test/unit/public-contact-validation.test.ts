import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { topicMessage } from "~/content/chat-options";
import { contactSchema } from "~/domain/contact/schema.server";
import { newsletterSchema } from "~/domain/newsletter/schema.server";
import { safeRedirectPath as safeReturnPath } from "~/lib/safe-redirect";
import { HOSTILE_REDIRECTS } from "../fixtures/redirect-payloads";

function errorsFor(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseWithZod(form, { schema: contactSchema });
  return submission.status === "success" ? {} : submission.error;
}

const valid = { name: "Wanjiku", email: "w@example.com", message: "Hello, I need a website." };

describe("contact validation", () => {
  it("accepts a valid message", () => {
    expect(errorsFor(valid)).toEqual({});
  });

  it("requires every field", () => {
    const e = errorsFor({});
    expect(e?.name).toEqual(["Name is required"]);
    expect(e?.email).toEqual(["Email is required"]);
    expect(e?.message).toEqual(["Message is required"]);
  });

  it("checks the e-mail format and bounds", () => {
    expect(errorsFor({ ...valid, email: "nope" })?.email).toEqual([
      "Please enter a valid email address",
    ]);
    expect(errorsFor({ ...valid, email: `${"a".repeat(250)}@x.co` })?.email).toEqual([
      "Email must be at most 254 characters",
    ]);
  });

  it("bounds name (100) and message (10–5000)", () => {
    expect(errorsFor({ ...valid, name: "n".repeat(101) })?.name).toEqual([
      "Name must be at most 100 characters",
    ]);
    expect(errorsFor({ ...valid, name: "n".repeat(100) })?.name).toBeUndefined();
    expect(errorsFor({ ...valid, message: "too short" })?.message).toEqual([
      "Message must be at least 10 characters",
    ]);
    expect(errorsFor({ ...valid, message: "m".repeat(5001) })?.message).toEqual([
      "Message must be at most 5000 characters",
    ]);
    expect(errorsFor({ ...valid, message: "m".repeat(5000) })?.message).toBeUndefined();
  });

  it("validates newsletter addresses with the same e-mail rule", () => {
    expect(newsletterSchema.safeParse({ email: " a@b.co " }).data?.email).toBe("a@b.co");
    expect(newsletterSchema.safeParse({ email: "a@b" }).success).toBe(false);
  });
});

describe("return paths and topics", () => {
  it("allows same-origin paths only", () => {
    expect(safeReturnPath("/#contact")).toBe("/#contact");
    for (const value of HOSTILE_REDIRECTS) {
      expect(safeReturnPath(value, "/contact"), JSON.stringify(value)).toBe("/contact");
    }
    expect(safeReturnPath(undefined, "/contact")).toBe("/contact");
  });

  it("prefills the message for known chat topics only", () => {
    expect(topicMessage("website")).toContain("I need a website");
    expect(topicMessage("mobile-app")).toContain("mobile app");
    expect(topicMessage("general")).toContain("general inquiry");
    expect(topicMessage("toString")).toBe("");
    expect(topicMessage(null)).toBe("");
  });
});

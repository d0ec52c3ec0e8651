import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { contactPrefill } from "~/domain/contact/prefill.server";
import { contactSchema, contactSchemaIn } from "~/domain/contact/schema.server";
import { newsletterSchema, newsletterSchemaIn } from "~/domain/newsletter/schema.server";
import { contactNotification } from "~/domain/outbox/compose.server";
import { translator } from "~/i18n/translate.server";
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

  it.each([
    "Boss<attacker@evil.example>",
    "g:a@b.co;",
    "a@b.co,c.d",
    "a@b.co(comment)",
    "a@b.co>",
    "x;=1+1;@x.co",
  ])("takes one bare address only: %j is refused next to the field", (email) => {
    const message =
      "Please enter one address only, like name@example.com, without a name, quotes, commas or semicolons";
    expect(errorsFor({ ...valid, email })?.email).toEqual([message]);
    expect(newsletterSchema.safeParse({ email }).error?.issues.map((i) => i.message)).toEqual([
      message,
    ]);
  });

  it.each([
    "ceo@agency.example<attacker@evil.example>",
    "team:a@b.co,c@d.co;",
    "a@b.co;c@d.co",
    '"a@evil.example"@b.co',
    "Boss <a@b.co>",
  ])("refuses %j (two at signs or a space) as no address at all", (email) => {
    expect(errorsFor({ ...valid, email })?.email).toEqual(["Please enter a valid email address"]);
  });

  it.each(["=1+1@x.co", "+254712345678@x.co", "-2+3@x.co"])(
    "refuses %j, which a spreadsheet would run as a formula",
    (email) => {
      expect(errorsFor({ ...valid, email })?.email).toEqual([
        "An email address cannot begin with =, + or -",
      ]);
    },
  );

  it.each(["o'brien@example.co.ke", "a.b+tag@mail.example.com", "amína@müller.de", "x_y@a-b.io"])(
    "still takes %j",
    (email) => {
      expect(errorsFor({ ...valid, email })).toEqual({});
    },
  );

  it("words the refusals in Kiswahili and French too", () => {
    const email = "Boss<attacker@evil.example>";
    expect(newsletterSchemaIn("sw").safeParse({ email }).error?.issues[0]?.message).toBe(
      "Tafadhali weka anwani moja tu, kama jina@mfano.com, bila jina, alama za nukuu, koma wala nukta mkato",
    );
    expect(newsletterSchemaIn("fr").safeParse({ email }).error?.issues[0]?.message).toBe(
      "Merci de saisir une seule adresse, comme nom@exemple.com, sans nom, guillemets, virgules ni points-virgules",
    );
    expect(
      contactSchemaIn("sw").safeParse({ ...valid, email: "=1@x.co" }).error?.issues[0]?.message,
    ).toBe("Anwani ya barua pepe haiwezi kuanza na =, + au -");
    expect(
      contactSchemaIn("fr").safeParse({ ...valid, email: "=1@x.co" }).error?.issues[0]?.message,
    ).toBe("Une adresse e-mail ne peut pas commencer par =, + ou -");
  });
});

describe("the agency's notification of a contact message", () => {
  const message = {
    id: 7,
    name: "Wanjiku",
    message: "Hello, I need a website.",
    service: null,
    created_at: "2026-12-03T10:00:00Z",
    user_id: null,
  };
  const replyTo = (email: string) =>
    contactNotification(
      { ...message, email },
      { email: "leads@agency.example", serviceTitle: () => null, timeZone: "Africa/Nairobi" },
    ).headers?.["Reply-To"];

  it("sets Reply-To to the bare address", () => {
    expect(replyTo("w@example.com")).toBe("w@example.com");
  });

  it("takes Reply-To from the parsed address of a message stored before the field was strict", () => {
    expect(replyTo("ceo@agency.example<attacker@evil.example>")).toBe("attacker@evil.example");
    expect(replyTo("a@b.co (Boss)")).toBe("a@b.co");
  });

  it.each(["team:a@b.co,c@d.co;", "a@b.co,c@d.co", "x;=1+1;@x.co", '"a@evil.example"@b.co', ""])(
    "sets no Reply-To for %j (not one bare address)",
    (email) => {
      expect(replyTo(email)).toBeUndefined();
    },
  );
});

describe("return paths and topics", () => {
  it("allows same-origin paths only", () => {
    expect(safeReturnPath("/#contact")).toBe("/#contact");
    for (const value of HOSTILE_REDIRECTS) {
      expect(safeReturnPath(value, "/contact"), JSON.stringify(value)).toBe("/contact");
    }
    expect(safeReturnPath(undefined, "/contact")).toBe("/contact");
  });

  it("prefills the message for published chat topics and quotes for published services only", () => {
    const site = {
      services: [{ id: "web-development", title: "Web Development" }],
      chat: [{ topic: "website", message: "Hello, I need a website for my business." }],
    } as unknown as Parameters<typeof contactPrefill>[0];
    const prefill = (query: string) =>
      contactPrefill(site, translator("en"), new URLSearchParams(query));
    expect(prefill("topic=website").defaultMessage).toContain("I need a website");
    expect(prefill("topic=toString")).toEqual({ defaultMessage: "", defaultService: "" });
    expect(prefill("")).toEqual({ defaultMessage: "", defaultService: "" });
    expect(prefill("service=web-development&topic=website")).toEqual({
      defaultMessage: "Hello, I would like a quote for Web Development. ",
      defaultService: "web-development",
    });
    expect(prefill("service=constructor").defaultService).toBe("");
    // A quote link made before the service was renamed still chooses it; a deleted one, nothing.
    const redirects = {
      services: new Map([
        ["websites", { moved: "web-development" }],
        ["old-sms", { gone: true as const }],
      ]),
    };
    const renamed = (query: string) =>
      contactPrefill(site, translator("en"), new URLSearchParams(query), redirects);
    expect(renamed("service=websites").defaultService).toBe("web-development");
    expect(renamed("service=websites").defaultMessage).toContain("quote for Web Development");
    expect(renamed("service=old-sms")).toEqual({ defaultMessage: "", defaultService: "" });
  });

  it("accepts exactly the given services as the contact form's service", () => {
    const valid = { name: "W", email: "w@example.com", message: "Hello, I need a website." };
    const services = [{ id: "web-development" }];
    const schema = contactSchemaIn("en", services);
    expect(schema.safeParse({ ...valid, service: "web-development" }).success).toBe(true);
    expect(schema.safeParse({ ...valid, service: "bulk-sms" }).error?.issues[0]?.message).toBe(
      "Please choose one of our services",
    );
    expect(contactSchemaIn("en", services)).toBe(schema);
    expect(contactSchemaIn("en", [...services])).not.toBe(schema);
  });
});

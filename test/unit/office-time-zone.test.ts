import { afterEach, describe, expect, it } from "vitest";
import { monthStart } from "~/domain/admin/overview.server";
import { contactNotification } from "~/domain/outbox/compose.server";
import { siteConfigOf } from "~/domain/site/config.server";
import { dateTime } from "~/i18n/format";
import { agencyTimeZone, EnvError, env } from "~/infra/env.server";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const message = {
  id: 7,
  name: "Wanjiku",
  email: "w@example.com",
  message: "Hello, I need a website.",
  service: null,
  created_at: "2026-12-03T10:05:00Z",
  user_id: null,
};
const agency = (timeZone: string) => ({
  email: "leads@agency.example",
  serviceTitle: () => null,
  timeZone,
});

describe("the agency's time zone in its notification mail", () => {
  it("says when a message was sent in East Africa Time, never as a raw UTC timestamp", () => {
    const mail = contactNotification(message, agency("Africa/Nairobi"));
    expect(mail.text).toContain("Sent: December 3, 2026 at 1:05 PM East Africa Time\n");
    expect(mail.text).not.toContain("2026-12-03T10:05:00Z");
  });

  it("follows the configured zone", () => {
    const mail = contactNotification(message, agency("Europe/Paris"));
    expect(mail.text).toContain(
      "Sent: December 3, 2026 at 11:05 AM Central European Standard Time",
    );
  });

  it("names the zone in each language of the catalogues", () => {
    expect(dateTime(message.created_at, "sw", "Africa/Nairobi", "long")).toBe(
      "3 Desemba 2026 saa 13:05 Saa za Afrika Mashariki",
    );
    expect(dateTime(message.created_at, "fr", "Africa/Nairobi", "long")).toBe(
      "3 décembre 2026 à 13:05 heure normale d’Afrique de l’Est",
    );
  });

  it("shows the admin pages' times in the same zone", () => {
    expect(dateTime(message.created_at, "en", "Africa/Nairobi")).toBe(
      "Dec 3, 2026, 01:05 PM GMT+3",
    );
    expect(dateTime(message.created_at, "en", "UTC")).toBe("Dec 3, 2026, 10:05 AM UTC");
  });
});

describe("AGENCY_TIME_ZONE", () => {
  it("is Africa/Nairobi unless set, and reaches the site config the admin pages read", () => {
    delete process.env.AGENCY_TIME_ZONE;
    expect(agencyTimeZone()).toBe("Africa/Nairobi");
    process.env.AGENCY_TIME_ZONE = "America/New_York";
    expect(agencyTimeZone()).toBe("America/New_York");
    expect(siteConfigOf(undefined).timeZone).toBe("America/New_York");
  });

  it.each(["Mars/Olympus", "Nairobi", "+03:00", "../../etc/passwd", "x".repeat(200)])(
    "refuses %j with a clear message",
    (value) => {
      process.env.AGENCY_TIME_ZONE = value;
      expect(() => env()).toThrow(EnvError);
      expect(() => env()).toThrow(/AGENCY_TIME_ZONE: must be an IANA time zone/);
    },
  );

  it("starts the overview's month in the configured zone", () => {
    const now = new Date("2026-11-30T23:30:00Z");
    expect(monthStart(now, "Africa/Nairobi").toISOString()).toBe("2026-11-30T21:00:00.000Z");
    expect(monthStart(now, "UTC").toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(monthStart(now, "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
  });
});

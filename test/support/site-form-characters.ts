/**
 * The characters an editor field may not hold, by field type, with the message the admin must
 * see next to it (app/domain/site/editor/stored-rules.ts, which the database checks too): line
 * breaks and control characters, a phone number's characters, a contact e-mail a mailto: link
 * would read as headers, a social link on a look-alike host.
 */
import type { FieldSpec } from "~/domain/site/editor/fields";
import { english as say } from "~/i18n/translate.server";

export interface InvalidCase {
  label: string;
  /** Fields to change in a valid form. */
  fields: Record<string, string>;
  /** The form name the message is shown next to, and the message (English). */
  at: string;
  message: string;
}

const oneLine = say("siteEditor.validation.oneLine");

export function characterCases(field: FieldSpec): InvalidCase[] {
  const n = field.name;
  const network = say("siteEditor.validation.network", { network: "Facebook" });
  const email = say("siteEditor.validation.email");
  const phone = say("siteEditor.validation.phone");
  const one = (label: string, name: string, value: string, message: string): InvalidCase => ({
    label: `${n} ${label}`,
    fields: { [name]: value },
    at: name,
    message,
  });
  switch (field.type) {
    case "translated":
      return [one("in Kiswahili over two lines", `${n}.sw`, "Mstari\nwa pili", oneLine)];
    case "translatedLong":
    case "translatedHtml":
      return [
        one(
          "in English with a control character",
          `${n}.en`,
          "Bell \u0007 rings",
          say("siteEditor.validation.controlCharacters"),
        ),
      ];
    case "textList":
      return [one("item with a tab", `${n}[0]`, "Nairobi\tWest", oneLine)];
    case "offices":
      return [
        one("city with a tab", `${n}[0]`, "Nairobi\tWest", oneLine),
        one("address over two lines", `${n}[0].address`, "Ngong Road\nKilimani", oneLine),
      ];
    case "text":
      return [one("with a line break", n, "Jenga\nDigital", oneLine)];
    case "phone":
      return [
        one("with letters", n, "call +254 712", phone),
        one("with a + inside", n, "0712 + 345", phone),
        one("with a line break", n, "+254 712\n345 678", oneLine),
      ];
    case "email":
      return [
        one("carrying a mailto: header", n, "hello@example.test?bcc=eve@evil.example", email),
        one("with a ? in its local part", n, "hello?bcc=eve%40evil.example@example.test", email),
      ];
    case "socialLinks":
      return [
        one(
          "with a look-alike host",
          `${n}[0].url`,
          "https://facebook.com.evil.example/a",
          network,
        ),
        one("with a host in percent escapes", `${n}[0].url`, "https://%66acebook.com/a", network),
      ];
    default:
      return [];
  }
}

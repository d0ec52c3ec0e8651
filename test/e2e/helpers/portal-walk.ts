/**
 * The two halves of issue 42's "Done when" walk (client-portal-walk.spec.ts): the contact on a
 * phone without JavaScript in Kiswahili (project `nojs`), then on a desktop with JavaScript in
 * French, the logo sent through the resumable uploader with the connection cut twice (project
 * `js`). What differs between them — the language, the screen, the words the people type, how the
 * logo travels — is here; the walk itself is one.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import type { MessageKey } from "../../../app/i18n/messages";
import { pngOf } from "../../support/images";
import { type Language, message } from "./catalogue";
import { PHONE } from "./client-project";
import { jsOn } from "./js";

export const DESKTOP = { width: 1280, height: 800 };

export interface Walk {
  language: Exclude<Language, "en">;
  /** The invitation's language as the agency's (English) form names it. */
  languageOption: string;
  screen: { width: number; height: number };
  /** The browser's own language (Accept-Language), when the person set one. */
  browserLocale?: string;
  /** The logo's file; `parts` > 1 goes through the resumable uploader, cut twice on the way. */
  logo: { name: string; parts: number };
  contact: { firstName: string; lastName: string };
  client: string;
  project: string;
  milestones: readonly (readonly [name: string, due: string])[];
  update: string;
  notes: readonly [string, string];
  reason: string;
  note: string;
  reply: string;
}

/** Today's walk: Kiswahili, a 360 px phone, the logo through the plain form. */
const KISWAHILI_PHONE: Walk = {
  language: "sw",
  languageOption: "Kiswahili",
  screen: PHONE,
  logo: { name: "nembo.png", parts: 1 },
  contact: { firstName: "Zawadi", lastName: "Njeri" },
  client: "Upepo Crafts",
  project: "Tovuti ya Upepo",
  milestones: [
    ["Michoro", "2027-01-15"],
    ["Uzinduzi", "2027-02-26"],
  ],
  update: "Karibu! Tunaanza na michoro ya nembo.",
  notes: ["Mawazo matatu", "Herufi kubwa"],
  reason: "Herufi ziwe kubwa zaidi, tafadhali.",
  note: "Asante! Nembo ni nzuri sana.",
  reply: "Karibu sana! Tutatuma faili za mwisho kesho.",
};

/** The second half: French, a desktop, a print-size logo sent in three resumable parts. */
const FRENCH_DESKTOP: Walk = {
  language: "fr",
  languageOption: "French",
  screen: DESKTOP,
  browserLocale: "fr-FR",
  logo: { name: "logo-impression.png", parts: 3 },
  contact: { firstName: "Amélie", lastName: "Kouassi" },
  client: "Atelier Baobab",
  project: "Site de l’Atelier Baobab",
  milestones: [
    ["Maquettes", "2027-01-15"],
    ["Lancement", "2027-02-26"],
  ],
  update: "Bienvenue ! Nous commençons par les esquisses du logo.",
  notes: ["Trois pistes", "Lettres plus grandes"],
  reason: "Des lettres plus grandes, s’il vous plaît.",
  note: "Merci ! Le logo est très réussi.",
  reply: "Avec plaisir ! Les fichiers définitifs arrivent demain.",
};

/** This project's half of the walk: French on a desktop with JavaScript, else Kiswahili on a phone. */
export function walkOfThisProject(): Walk {
  return jsOn() ? FRENCH_DESKTOP : KISWAHILI_PHONE;
}

/** The contact's message `key` in the walk's language. */
export function sayer(walk: Walk) {
  return (key: MessageKey, values?: Record<string, string | number>) =>
    message(walk.language, key, values);
}

/** The contact's browser: the walk's screen, JavaScript as the Playwright project says. */
export async function contactBrowser(browser: Browser, walk: Walk): Promise<Page> {
  const context = await browser.newContext({
    viewport: walk.screen,
    javaScriptEnabled: jsOn(),
    ...(walk.browserLocale ? { locale: walk.browserLocale } : {}),
  });
  return context.newPage();
}

/** 5 MB, the resumable uploader's part (app/components/portal/use-resumable-upload.ts). */
const PART = 5 * 1024 * 1024;

/** A PNG of `parts` resumable parts: a small logo, or one of noise stored without compression. */
async function logoOf(parts: number): Promise<Buffer> {
  if (parts === 1) return pngOf(64, 64);
  const width = 2048;
  const height = Math.ceil(((parts - 1) * PART + PART / 5) / (width * 3));
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * The contact sends the walk's logo from the project's Files page and sees it received. With
 * several parts, the connection drops twice on the way (the second and the fourth part sent,
 * after a part got through each time): each time the page says so in the contact's language
 * while the uploader asks where it stopped, then goes on from there. The file's bytes.
 */
export async function sendLogo(contact: Page, walk: Walk): Promise<Buffer> {
  const say = sayer(walk);
  const logo = await logoOf(walk.logo.parts);
  expect(Math.ceil(logo.length / PART)).toBe(walk.logo.parts);
  const cuts = walk.logo.parts > 1 ? 2 : 0;
  let sent = 0;
  let cut = 0;
  // After a cut, the question "where did it stop?" (HEAD) waits until the page was read.
  const read: (() => void)[] = [];
  const readings = Array.from({ length: cuts }, () => new Promise<void>((done) => read.push(done)));
  if (cuts) {
    await contact.route("**/files/resumable/**", async (route) => {
      const method = route.request().method();
      if (method === "HEAD" && cut > 0) await readings[cut - 1];
      if (method !== "PATCH") return route.continue();
      sent += 1;
      if (sent === 2 || sent === 4) {
        cut += 1;
        return route.abort("connectionreset");
      }
      return route.continue();
    });
  }
  const form = contact.locator("main form").filter({ has: contact.locator('input[type="file"]') });
  await form
    .getByLabel(say("projectFiles.fileLabel"), { exact: true })
    .setInputFiles({ name: walk.logo.name, mimeType: "image/png", buffer: logo });
  await contact.getByRole("button", { name: say("projectFiles.submit") }).click();
  for (let time = 1; time <= cuts; time++) {
    await expect.poll(() => cut, { timeout: 60_000 }).toBe(time);
    await expect(form.getByRole("status")).toContainText(say("projectFiles.resuming"));
    read[time - 1]?.();
  }
  await expect(
    contact.getByText(say("projectFiles.received", { name: walk.logo.name })).last(),
  ).toBeVisible({ timeout: 60_000 });
  if (cuts) {
    expect(cut).toBe(cuts);
    await contact.unroute("**/files/resumable/**");
  }
  await expect(contact.getByRole("link", { name: walk.logo.name })).toBeVisible();
  return logo;
}

/** A CSV cell as written by the site: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

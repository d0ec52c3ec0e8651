import { expect, type Page } from "@playwright/test";
import { serviceClient } from "./helpers/backend";

/**
 * Helpers of the site editors' flows (test/e2e/admin-site-*.spec.ts): what the database holds
 * (service role), items a test owns, and the editors' controls by their accessible names.
 */

export const uniqueSlug = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** One row of a site content table (service role: drafts included), or null. */
export async function storedRow(table: string, match: Record<string, string | number>) {
  const { data, error } = await (await serviceClient())
    .from(table)
    .select("*")
    .match(match)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as (Record<string, unknown> & { id: number | string; version: number }) | null;
}

/** Inserts a row as the agency's data would be (service role) and answers it. */
export async function insertRow(table: string, row: Record<string, unknown>) {
  const { data, error } = await (await serviceClient())
    .from(table)
    .insert(row)
    .select("*")
    .single();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> & { id: number; version: number };
}

export async function updateRow(
  table: string,
  id: number | string,
  values: Record<string, unknown>,
) {
  const { error } = await (await serviceClient()).from(table).update(values).eq("id", id);
  if (error) throw new Error(error.message);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The list's row of an item (its name is the row header; on a phone the stacked table puts the
 * column's label before it: "Name Web Development").
 */
export function listRow(page: Page, name: string) {
  const header = new RegExp(`^(?:\\S+ )?${escapeRegExp(name)}$`);
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: header }) });
}

/** A translated field's input: "Title — Kiswahili". */
export function langInput(
  page: Page,
  field: string,
  language: "English" | "Kiswahili" | "Français",
) {
  return page.getByLabel(`${field} — ${language}`, { exact: true });
}

/**
 * Opens a long editor's folded list ("Features", "Social links"…: a `<details>` whose summary
 * names it), unless it is open already.
 */
export async function unfold(page: Page, list: string) {
  const details = page
    .locator("form details")
    .filter({ has: page.locator("summary", { hasText: list }) })
    .first();
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
}

/** The names of the list's rows, top to bottom. */
export async function listedNames(page: Page): Promise<string[]> {
  return page.getByRole("rowheader").allInnerTexts();
}

/** Waits for the success toast (server-rendered without JS, sonner with JS). */
export async function expectToast(page: Page, title: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
}

/**
 * What visitors see after an edit, at once (no restart): each public path answers 200 and
 * shows `text` (or, with `absent`, does not).
 */
export async function expectPublic(
  page: Page,
  paths: string[],
  text: string | RegExp,
  { absent = false }: { absent?: boolean } = {},
) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const body = page.locator("body");
    if (absent) await expect(body, path).not.toContainText(text);
    else await expect(body, path).toContainText(text);
  }
}

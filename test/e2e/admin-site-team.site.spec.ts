import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import {
  expectToast,
  insertRow,
  langInput,
  listedNames,
  listRow,
  storedRow,
} from "./admin-site-helpers";
import { exclusive } from "./helpers/exclusive";

test.beforeAll(ensureAdminOnboarded);

/** Two team members of the test's own, next to each other at the end of the list. */
async function twoMembers() {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const position = 10_000 + Math.floor(Math.random() * 1_000_000) * 2;
  const first = await insertRow("team_members", {
    name: `Achieng ${stamp}`,
    position,
    published: true,
    role: { en: "Designer", sw: "Msanifu", fr: "Designer" },
    bio: { en: "Designs things." },
  });
  const second = await insertRow("team_members", {
    name: `Baraka ${stamp}`,
    position: position + 1,
    published: true,
    role: { en: "Developer", sw: "Msanidi", fr: "Développeur" },
    bio: { en: "Builds things." },
  });
  return [first, second] as const;
}

const name = (row: Record<string, unknown>) => String(row.name);

test("an admin reorders the team with Move up and Move down", async ({ page }) => {
  // One reorder of the team at a time (the js and nojs projects run side by side).
  await exclusive("team-order", () => reorder(page));
});

async function reorder(page: Page) {
  const [first, second] = await twoMembers();
  await signIn(page, ADMIN, "/admin/team");
  const before = await listedNames(page);
  expect(before.indexOf(name(first))).toBeLessThan(before.indexOf(name(second)));
  await listRow(page, name(second))
    .getByRole("button", { name: `Move up: ${name(second)}` })
    .click();
  await expectToast(page, "Order saved");
  await expect
    .poll(async () => {
      const names = await listedNames(page);
      return names.indexOf(name(second)) < names.indexOf(name(first));
    })
    .toBe(true);
  const [a, b] = [
    await storedRow("team_members", { id: first.id }),
    await storedRow("team_members", { id: second.id }),
  ];
  expect(Number(b?.position)).toBeLessThan(Number(a?.position));
  // A move is not an edit: no new version.
  expect(b?.version).toBe(second.version);
  // Visitors see the new order at once, in every language.
  for (const home of ["/", "/sw/", "/fr/"]) {
    await page.goto(home);
    const team = await page.locator("#team").innerText();
    expect(team.indexOf(name(second)), home).toBeGreaterThan(-1);
    expect(team.indexOf(name(second)), home).toBeLessThan(team.indexOf(name(first)));
  }
  await page.goto("/admin/team");
  await listRow(page, name(second))
    .getByRole("button", { name: `Move down: ${name(second)}` })
    .click();
  // Clicked before the page hydrated, the form posts itself and the page loads again: the
  // answer's toast says the order was saved either way, and only then is the list read.
  await expectToast(page, "Order saved");
  await expect
    .poll(async () => {
      const names = await listedNames(page);
      return names.indexOf(name(first)) < names.indexOf(name(second));
    })
    .toBe(true);
}

test("an admin restores an earlier version of a team member from its history", async ({ page }) => {
  test.slow();
  const [member] = await twoMembers();
  await signIn(page, ADMIN, `/admin/team/${member.id}`);
  await langInput(page, "Role", "English").fill("Lead designer");
  await langInput(page, "Role", "Français").fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Saved: on the site now");
  expect((await storedRow("team_members", { id: member.id }))?.role).toEqual({
    en: "Lead designer",
    sw: "Msanifu",
  });

  await listRow(page, name(member))
    .getByRole("link", { name: `History of ${name(member)}` })
    .click();
  await expect(page).toHaveURL(`/admin/team/${member.id}/history`);
  const latest = page.getByRole("listitem").filter({ hasText: "This is the current version" });
  await expect(latest).toContainText(ADMIN.email);
  await expect(latest).toContainText("Role · English");
  await expect(latest).toContainText("Lead designer");
  await expect(latest).toContainText("Role · Français");
  await page.getByRole("link", { name: "Restore this version (version 1)" }).click();
  await expect(page.getByRole("heading", { name: "Restore version 1?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, restore" }).click();
  await expect(page).toHaveURL(`/admin/team/${member.id}`);
  await expectToast(page, "Version restored");
  await expect(langInput(page, "Role", "English")).toHaveValue("Designer");
  const restored = await storedRow("team_members", { id: member.id });
  expect(restored?.role).toEqual({ en: "Designer", sw: "Msanifu", fr: "Designer" });
  expect(restored?.version).toBe(member.version + 2);
});

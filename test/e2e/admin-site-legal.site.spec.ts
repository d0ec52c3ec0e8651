import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import {
  expectPublic,
  expectToast,
  langInput,
  listRow,
  storedRow,
  updateRow,
} from "./admin-site-helpers";
import { exclusive } from "./helpers/exclusive";

test.beforeAll(ensureAdminOnboarded);

const SENTENCE = "nous répondons sous 30 jours.";
const FIXED = "nous répondons sous 15 jours ouvrés.";

test("an admin fixes a sentence of the French privacy page, previews it, then restores the page", async ({
  page,
}) => {
  test.slow();
  await exclusive("legal-privacy", async () => {
    const before = await storedRow("legal_documents", { id: "privacy" });
    const bodies = (before?.body ?? {}) as Record<string, string>;
    const french = bodies.fr ?? "";
    expect(french).toContain(SENTENCE);
    try {
      await fixAndRestore(page, { french, bodies, version: before?.version ?? 0 });
    } finally {
      // Whatever happened, the other project's run and the public pages' tests find the page as it was.
      await updateRow("legal_documents", "privacy", { body: before?.body });
    }
  });
});

async function fixAndRestore(
  page: Page,
  { french, bodies, version }: { french: string; bodies: Record<string, string>; version: number },
) {
  await signIn(page, ADMIN, "/admin/legal");
  await listRow(page, "Privacy Policy")
    .getByRole("link", { name: "Privacy Policy", exact: true })
    .click();
  await expect(page).toHaveURL("/admin/legal/privacy");
  const body = langInput(page, "Text (HTML)", "Français");
  await expect(body).toHaveValue(french);
  await body.fill(french.replace(SENTENCE, `${FIXED}<script>alert(1)</script>`));
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("preview-fr");
  await expect(
    preview.getByText("nous répondons sous 15 jours ouvrés", { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByTestId("preview-en").getByText("we will answer within 30 days", { exact: false }),
  ).toBeVisible();
  expect((await storedRow("legal_documents", { id: "privacy" }))?.version).toBe(version);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL("/admin/legal");
  await expectToast(page, "Saved");
  const saved = (await storedRow("legal_documents", { id: "privacy" }))?.body as Record<
    string,
    string
  >;
  expect(saved.fr).toContain(FIXED);
  expect(saved.fr).not.toContain("<script");
  expect(saved.en).toBe(bodies.en);
  // Visitors read the fix at once on the French page; the other languages are as they were.
  await expectPublic(page, ["/fr/privacy"], "nous répondons sous 15 jours ouvrés");
  await expectPublic(page, ["/privacy"], "we will answer within 30 days");

  // Back to the page as it was, from its history.
  await page.goto("/admin/legal/privacy/history");
  await page.getByRole("link", { name: `Restore this version (version ${version})` }).click();
  await page.getByRole("button", { name: "Yes, restore" }).click();
  await expectToast(page, "Version restored");
  const restored = await storedRow("legal_documents", { id: "privacy" });
  expect(restored?.body).toEqual(bodies);
  await expectPublic(page, ["/fr/privacy"], SENTENCE);
}

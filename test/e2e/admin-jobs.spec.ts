import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { addSession } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

/** A job that used up its attempts (a kind no runner claims, so a retry stays queued). */
async function deadJob(error: string): Promise<number> {
  const { data, error: insertError } = await (await serviceClient())
    .from("jobs")
    .insert({ kind: "payment.check", state: "dead", attempts: 8, last_error: error })
    .select("id")
    .single();
  if (insertError) throw new Error(insertError.message);
  return (data as { id: number }).id;
}

test("the admin finds a failed job with its error and retries it (with and without JavaScript)", async ({
  page,
}) => {
  const error = `provider answered 503 ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const id = await deadJob(error);
  await signIn(page, ADMIN, "/admin");
  await page.getByRole("link", { name: "Failed jobs" }).click();
  await expect(page).toHaveURL("/admin/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Failed jobs" })).toBeVisible();
  const row = page.getByTestId(`dead-job-${id}`);
  await expect(row).toContainText(error);
  await expect(row).toContainText("payment.check · 8 attempts");
  await expect(page.getByText(/^\d+ failed jobs? \(newest \d+ shown\)$/)).toBeVisible();
  await expectAccessible(page);

  await row.getByRole("button", { name: `Retry job ${id} (payment.check)` }).click();
  await expect(page.getByText(`Job ${id} queued again`)).toBeVisible();
  await expect(page.getByTestId(`dead-job-${id}`)).toHaveCount(0);
  const { data } = await (await serviceClient())
    .from("jobs")
    .select("state, attempts")
    .eq("id", id)
    .single();
  expect(data).toEqual({ state: "queued", attempts: 0 });
});

test("the failed jobs page speaks Kiswahili and French", async ({ page, context, baseURL }) => {
  // The session only: each language's page is loaded once below.
  await addSession(page, ADMIN);
  for (const [lang, title] of [
    ["sw", "Kazi zilizoshindwa"],
    ["fr", "Tâches en échec"],
  ] as const) {
    await context.addCookies([{ name: "lang", value: lang, url: baseURL ?? "" }]);
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }
});

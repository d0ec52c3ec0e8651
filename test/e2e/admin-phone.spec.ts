import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";

let messageId = 0;

test.beforeAll(async () => {
  await ensureAdminOnboarded();
  const service = await serviceClient();
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const { data } = await service
    .from("contact_messages")
    .insert({
      name: "A very long sender name that keeps going and going",
      email: `an.exceptionally.long.address.${stamp}@subdomain.example-company.co.ke`,
      message: `${"Averyveryverylongwordwithoutspaces".repeat(4)} and a normal sentence.\nSecond line.`,
      service: "web-development",
    })
    .select("id")
    .single();
  messageId = (data as { id: number }).id;
  await service
    .from("newsletter_subscribers")
    .insert({ email: `phone-${stamp}@example.com`, status: "confirmed" });
});

const PAGES = [
  "/admin",
  "/admin/messages",
  "/admin/messages/:message",
  "/admin/messages/:message?delete=1",
  "/admin/subscribers",
  "/admin/people",
  "/admin/activity",
  "/admin/posts",
];

for (const pattern of PAGES) {
  test(`${pattern} fits a 360 px phone without sideways scrolling, and is accessible`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const path = pattern.replace(":message", String(messageId));
    await signIn(page, ADMIN, path);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
    await expectAccessible(page);
  });
}

import { ensureAdminOnboarded, expectAdminPageFitsPhone } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";
import { test } from "./helpers/sweep-page";

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
  "/admin/media",
  // The site editors.
  "/admin/services",
  "/admin/services/new",
  "/admin/services/1",
  "/admin/services/1/history",
  "/admin/portfolio/1",
  "/admin/portfolio-categories",
  "/admin/team",
  "/admin/team/1",
  "/admin/testimonials/1",
  "/admin/figures",
  "/admin/legal",
  "/admin/legal/privacy",
  "/admin/chat/1",
  "/admin/settings",
  "/admin/posts/1/history",
];

for (const pattern of PAGES) {
  test(`${pattern} fits a 360 px phone without sideways scrolling, and is accessible`, async ({
    sweepPage,
  }) => {
    await expectAdminPageFitsPhone(sweepPage, pattern.replace(":message", String(messageId)));
  });
}

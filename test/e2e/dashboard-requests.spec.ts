/**
 * A person's requests on their dashboard include those sent before they had an account: a
 * message sent from an address, then an account confirmed with it, in French on a 360 px phone —
 * each message with its status, which follows the agency's inbox. With JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { createConfirmedUser, uniqueEmail } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { openSignedIn } from "./helpers/session";

test.use({ viewport: { width: 360, height: 740 } });

test("messages sent before signing up appear on the dashboard with their status", async ({
  page,
}) => {
  const email = uniqueEmail("early");
  const service = await serviceClient();
  const { data: sent } = await service
    .from("contact_messages")
    .insert({
      name: "Wanjiku",
      email: email.toUpperCase(),
      message: "Bonjour, il me faut un site pour ma boutique.",
      user_id: null,
    })
    .select("id")
    .single();
  const person = await createConfirmedUser({ email, fullName: "Wanjiku Kamau" });

  await openSignedIn(page, person, "/fr/dashboard");
  const card = page.locator('section[aria-labelledby="your-messages-title"]');
  const item = card.getByRole("listitem").filter({ hasText: "il me faut un site" });
  await expect(item).toContainText("Reçu");
  await expectAccessible(page);

  await service.from("contact_messages").update({ status: "handled" }).eq("id", sent?.id);
  await page.reload();
  await expect(item).toContainText("Traité");
});

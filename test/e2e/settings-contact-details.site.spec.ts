import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { storedRow, unfold, updateRow } from "./admin-site-helpers";
import { exclusive } from "./helpers/exclusive";

/**
 * The agency's phone number and office address, as an admin enters them in Kiswahili on a
 * 360 px phone (issue 44, item 3): a number that is no number is refused next to the field
 * and nothing is saved; "0733-000 111" is saved, and visitors see "0733 000 111" linked
 * `tel:+254733000111`; the street address typed beside Nairobi shows on the contact page, in the
 * footer and in the home page's JSON-LD PostalAddress.
 */
test.beforeAll(ensureAdminOnboarded);

const ADDRESS = "Ngong Road 12, Kilimani";

test("in Kiswahili on a phone, an admin enters the phone number and Nairobi's street address", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await exclusive("settings", async () => {
    const before = await storedRow("site_settings", { id: "site" });
    try {
      await signIn(page, ADMIN, "/admin/settings");
      await page.goto("/language?lang=sw&to=/sw/admin/settings");
      await expect(page).toHaveURL("/admin/settings");
      const phone = page.getByLabel("Nambari ya simu");
      const address = page.getByLabel("Miji, Safu ya 1, Anwani ya mtaa");
      await expect(page.getByLabel("Miji, Safu ya 1, Mji")).toHaveValue("Nairobi");
      await phone.fill("0722 OOO 333");
      await unfold(page, "Miji");
      await address.fill(ADDRESS);
      await page.getByRole("button", { name: "Hifadhi", exact: true }).click();
      await expect(
        page.getByText(
          "Andika nambari ya simu inayoweza kupigwa, kama 0712 345 678, au +44 20 7946 0958 kwa nambari ya nje ya Kenya. Tarakimu tu: hakuna herufi.",
          { exact: true },
        ),
      ).toBeVisible();
      await expect(phone).toHaveValue("0722 OOO 333");
      await expect(address).toHaveValue(ADDRESS);
      expect(await storedRow("site_settings", { id: "site" })).toEqual(before);

      await phone.fill("0733-000 111");
      await page.getByRole("button", { name: "Hifadhi", exact: true }).click();
      await expect(phone).toHaveValue("0733 000 111");
      expect(await storedRow("site_settings", { id: "site" })).toMatchObject({
        phone: "+254733000111",
        office_addresses: { Nairobi: ADDRESS },
      });

      await page.goto("/sw/contact");
      const details = page.getByRole("complementary", { name: "Maelezo ya mawasiliano" });
      await expect(details.getByRole("link", { name: "0733 000 111" })).toHaveAttribute(
        "href",
        "tel:+254733000111",
      );
      await expect(details.getByText(`Nairobi: ${ADDRESS}`)).toBeVisible();
      await expect(page.getByRole("contentinfo").getByText(`Nairobi: ${ADDRESS}`)).toBeVisible();

      await page.goto("/sw/");
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const addresses = blocks
        .map((block) => JSON.parse(block) as { address?: Record<string, string>[] })
        .flatMap((block) => block.address ?? []);
      expect(addresses).toContainEqual({
        "@type": "PostalAddress",
        streetAddress: ADDRESS,
        addressLocality: "Nairobi",
        addressCountry: "KE",
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
    } finally {
      // The other projects' tests find the settings as they were.
      await updateRow("site_settings", "site", {
        phone: before?.phone,
        office_addresses: before?.office_addresses,
      });
      await page.goto("/language?lang=en&to=/");
    }
  });
});

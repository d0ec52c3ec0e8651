import { expect, test } from "@playwright/test";
import { serviceClient } from "./helpers/backend";

/** The published services, as the site lists them (its content is in the database). */
async function publishedServices(): Promise<{ id: string; title: string }[]> {
  const { data, error } = await (await serviceClient())
    .from("services")
    .select("slug, title")
    .eq("published", true)
    .order("position");
  if (error) throw new Error(error.message);
  return data.map((row) => ({ id: row.slug as string, title: (row.title as { en: string }).en }));
}

/**
 * From a service page to a lead: a quote request with the service chosen, WhatsApp beside the
 * phone, office hours and cities on the contact page, and a phone bar on the home page.
 */
test("every service page offers a quote request, a call and a WhatsApp chat", async ({ page }) => {
  const services = await publishedServices();
  expect(services.length).toBeGreaterThan(0);
  for (const service of services) {
    await page.goto(`/services/${service.id}`);
    const quote = page.getByRole("link", { name: `Request a quote for ${service.title}` });
    await expect(quote).toHaveAttribute("href", new RegExp(`^/contact\\?service=${service.id}`));
    await expect(page.getByRole("link", { name: "Call Us" })).toHaveAttribute(
      "href",
      "tel:+254712345678",
    );
    await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/254712345678\?text=/,
    );
  }
});

test("the contact page shows office hours, the cities and WhatsApp", async ({ page }) => {
  await page.goto("/contact");
  const details = page.getByRole("complementary", { name: "Contact details" });
  await expect(
    details.getByText("Office hours: Monday to Friday, 8:00 to 17:00 (EAT)"),
  ).toBeVisible();
  await expect(details.getByText("Offices in Nairobi and Mombasa, Kenya")).toBeVisible();
  await expect(details.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/254712345678",
  );
});

test("on a phone the home page keeps Contact us and Call within reach", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const bar = page.getByRole("navigation", { name: "Quick contact" });
  await page.mouse.wheel(0, 3000);
  await expect(bar.getByRole("link", { name: "Contact us" })).toBeInViewport();
  await expect(bar.getByRole("link", { name: "Call" })).toHaveAttribute(
    "href",
    "tel:+254712345678",
  );
  await bar.getByRole("link", { name: "Contact us" }).click();
  await expect(page.locator("#contact")).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
});

test("the chat widget offers WhatsApp", async ({ page }) => {
  await page.goto("/");
  const widget = page.getByTestId("chat-widget");
  await widget.locator("summary").click();
  await expect(widget.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/254712345678",
  );
});

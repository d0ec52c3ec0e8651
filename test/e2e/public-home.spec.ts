import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { fieldError } from "./helpers/error-summary";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";

const uniqueEmail = () => `home-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

const testimonial = (page: Page, name: string) =>
  page.locator("#testimonials li[data-active]").filter({ hasText: name });

test.describe("home page", () => {
  test("shows the hero stats, welcome video and every section", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const [value, label] of [
      ["100+", "Projects"],
      ["50+", "Clients"],
      ["5+", "Years"],
      ["24/7", "Support"],
    ] as const) {
      await expect(page.locator("dl").first().getByText(value, { exact: true })).toBeVisible();
      await expect(page.locator("dl").first().getByText(label, { exact: true })).toBeVisible();
    }
    const hero = page.getByAltText("Illustration of a website, a phone app and growth charts");
    await expect(hero).not.toHaveAttribute("loading", "lazy");
    const video = page.locator("video");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveAttribute("poster", "/video/welcome-poster.jpg");
    await expect(video.locator("track[kind=captions]")).toHaveAttribute(
      "src",
      "/video/welcome.en.vtt",
    );
    for (const id of ["services", "portfolio", "team", "about", "contact"]) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
    await expect(page.locator("#services article")).toHaveCount(8);
    // Team photos fill their round frame, cropped (centred), never stretched.
    const photos = page.locator("#team img");
    expect(await photos.count()).toBeGreaterThan(0);
    for (const fit of await photos.evaluateAll((imgs) =>
      imgs.map((img) => getComputedStyle(img).objectFit),
    ))
      expect(fit).toBe("cover");
    // The about section repeats the hero's figures: the page never contradicts itself.
    for (const figure of ["100+", "50+"]) {
      await expect(page.locator("#about").getByText(figure, { exact: true })).toBeVisible();
      await expect(page.locator("dl").first().getByText(figure, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("A short look at how we plan")).toBeVisible();
    const latest = page.locator("#blog article");
    await expect(latest).toHaveCount(3);
    await expect(latest.first().getByRole("link")).toHaveAttribute("href", /^\/blog\/\d+$/);
  });

  for (const [path, play] of [
    ["/", "Play the welcome video"],
    ["/sw/", "Cheza video ya kukaribisha"],
    ["/fr/", "Lire la vidéo de bienvenue"],
  ] as const) {
    test(`${path}: the welcome video's poster opens the player (playing with JavaScript)`, async ({
      page,
    }) => {
      await page.goto(path);
      const video = page.locator("video");
      // Until asked for, the page shows the poster, not the player (whose controls would
      // repaint the page for a second and a half after it loads).
      await expect(video).toBeHidden();
      const poster = page.getByAltText(play);
      if (jsOn()) await untilHydrated(poster);
      await poster.click();
      await expect(video).toBeVisible();
      await expect(poster).toBeHidden();
      await expect(video).toHaveAttribute("controls", "");
      if (jsOn()) {
        await expect(video).toBeFocused();
        await expect
          .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
          .toBeGreaterThan(0);
      }
    });
  }

  test("the local video, poster and captions are served", async ({ request }) => {
    for (const [path, type] of [
      ["/video/welcome.mp4", "video/mp4"],
      ["/video/welcome.webm", "video/webm"],
      ["/video/welcome-poster.jpg", "image/jpeg"],
      ["/video/welcome.en.vtt", "text/vtt"],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain(type);
    }
  });

  test("testimonials carousel: 3 per slide, wrapping arrows and dots", async ({ page }) => {
    await page.goto("/");
    const carousel = page.locator("#testimonials");
    await expect(carousel.getByRole("link", { name: /Go to slide/ })).toHaveCount(2);
    await expect(carousel.locator("li[data-active=true] figure")).toHaveCount(3);
    await expect(testimonial(page, "Wanjiku Mwangi")).toHaveAttribute("data-active", "true");
    await expect(carousel.getByRole("img", { name: "Rated 4 out of 5" }).first()).toBeAttached();
    // With JS the slides move in place, which needs the page hydrated (a click before that is a
    // plain link to ?slide=2, as without JS).
    if (jsOn()) await untilHydrated(carousel);

    await carousel.getByRole("link", { name: "Go to slide 2" }).click();
    await expect(testimonial(page, "Peter Kiprono")).toHaveAttribute("data-active", "true");
    await expect(testimonial(page, "Wanjiku Mwangi")).toHaveAttribute("data-active", "false");
    await expect(testimonial(page, "Wanjiku Mwangi")).toHaveClass(/opacity-40/);
    if (!jsOn()) await expect(page).toHaveURL(/\?slide=2#testimonials$/);

    // Next wraps from the last slide to the first (with JS, once the slide has stopped moving).
    const settled = () => expect(carousel).toHaveAttribute("data-moving", "false");
    if (jsOn()) await settled();
    await carousel.getByRole("link", { name: "Next testimonials" }).click();
    await expect(testimonial(page, "Wanjiku Mwangi")).toHaveAttribute("data-active", "true");
    // Previous wraps from the first slide to the last.
    if (jsOn()) await settled();
    await carousel.getByRole("link", { name: "Previous testimonials" }).click();
    await expect(testimonial(page, "Samuel Mutua")).toHaveAttribute("data-active", "true");
    if (jsOn()) {
      // With JS the slide moves in place, and a second click within 500 ms is ignored.
      await settled();
      // Both clicks in one task, so they are surely within the lock however slow the machine.
      await carousel
        .getByRole("link", { name: "Next testimonials" })
        .evaluate((link: HTMLElement) => {
          link.click();
          link.click();
        });
      await expect(testimonial(page, "Wanjiku Mwangi")).toHaveAttribute("data-active", "true");
      await expect(page).toHaveURL("/");
    }
  });

  test("live chat opens, closes and takes the visitor to a prefilled contact form", async ({
    page,
  }) => {
    await page.goto("/");
    const widget = page.getByTestId("chat-widget");
    const option = widget.getByRole("link", { name: "I need a website" });
    await expect(option).toBeHidden();
    await widget.locator("summary").click();
    await expect(option).toBeVisible();
    await expect(widget.getByRole("link", { name: "Mobile app development" })).toBeVisible();
    await expect(widget.getByRole("link", { name: "General inquiry" })).toBeVisible();
    await widget.locator("summary").click();
    await expect(option).toBeHidden();
    await widget.locator("summary").click();
    await option.click();
    await expect(page).toHaveURL("/contact?topic=website");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(/I need a website/);
  });

  test("home contact form sends a message and clears the fields", async ({ page }) => {
    await page.goto("/#contact");
    const form = page.locator("#contact form");
    const email = uniqueEmail();
    await form.getByLabel("Name").fill("Home Visitor");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Message", { exact: true }).fill("Please call me about a new website.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent! We will get back to you shortly.")).toBeVisible();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator("#contact form").getByLabel("Email")).toHaveValue("");
    const { data } = await (await serviceClient())
      .from("contact_messages")
      .select("name, user_id")
      .eq("email", email);
    expect(data).toEqual([{ name: "Home Visitor", user_id: null }]);
  });

  test("home contact form shows errors and keeps the input", async ({ page }) => {
    await page.goto("/#contact");
    const form = page.locator("#contact form");
    await form.getByLabel("Name").fill("Home Visitor");
    // The browser accepts "a@b"; the server wants a dot in the domain.
    await form.getByLabel("Email").fill("someone@example");
    await form.getByLabel("Message", { exact: true }).fill("A message that is long enough.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(fieldError(page, "Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("someone@example");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "A message that is long enough.",
    );
    await expect(page.getByLabel("Name")).toHaveValue("Home Visitor");
  });

  test("home page passes axe (carousel on slide 2 too)", async ({ page }) => {
    await page.goto("/?slide=2");
    await expectAccessible(page);
  });
});

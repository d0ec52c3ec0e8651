import { expect, test } from "@playwright/test";
import {
  ADMIN,
  createPlainUser,
  ensureAdminOnboarded,
  postRow,
  signIn,
  storedPost,
  uniqueTitle,
} from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { fieldError } from "./helpers/error-summary";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";
import { addSession } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

test.describe("admin post management", () => {
  test("an admin creates a draft, publishes, edits, unpublishes and deletes a post", async ({
    page,
  }) => {
    test.slow();
    const title = uniqueTitle("Launch checklist");
    await signIn(page, ADMIN);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Posts" })).toBeVisible();

    // Create a draft.
    await page.getByRole("link", { name: "Create New" }).click();
    await expect(page).toHaveURL("/admin/posts/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Excerpt").fill("What to check before going live.");
    await page
      .getByLabel("Content (HTML)")
      .fill(
        "<h2>Before launch</h2><p>Test <strong>everything</strong>.</p><script>alert(1)</script>",
      );
    await page.getByLabel("Categories").fill("Web Development, , Business, web development");
    await page.getByLabel("Tags").fill("launch, seo, launch");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL("/admin/posts");
    await expect(page.getByText("Saved as a draft: not on the blog yet")).toBeVisible();
    await expect(postRow(page, title).getByText("Draft", { exact: true })).toBeVisible();
    const draft = await storedPost(title);
    expect(draft).toMatchObject({
      published: false,
      published_at: null,
      content: "<h2>Before launch</h2><p>Test <strong>everything</strong>.</p>",
      // Stored by key (names of existing categories, any case); the editor shows the names.
      categories: ["web-development", "business"],
      tags: ["launch", "seo"],
      read_time: "1 min",
      author_name: "Administrator",
    });
    const id = draft!.id;
    expect((await page.request.get(`/blog/${id}`)).status()).toBe(404);

    // Edit: the form starts with the stored post; publish it.
    await postRow(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page).toHaveURL(`/admin/posts/${id}`);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Excerpt")).toHaveValue("What to check before going live.");
    await expect(page.getByLabel("Categories")).toHaveValue("Web Development, Business");
    await expect(page.getByLabel("Tags")).toHaveValue("launch, seo");
    await expect(page.getByLabel("Published")).not.toBeChecked();
    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL("/admin/posts");
    await expect(page.getByText("Published: on the blog now")).toBeVisible();
    await expect(postRow(page, title).getByText("Published", { exact: true })).toBeVisible();
    const published = await storedPost(title);
    expect(published?.published_at).toBeTruthy();

    // The public blog shows it at once.
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    await page.goto(`/blog/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Before launch" })).toBeVisible();

    // Edit again and unpublish: back to a draft, gone from the blog, first date kept.
    await page.goto(`/admin/posts/${id}`);
    await expect(page.getByLabel("Published")).toBeChecked();
    await page.getByLabel("Title").fill(`${title} v2`);
    await page.getByLabel("Published").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL("/admin/posts");
    await expect(page.getByText("Saved as a draft: no longer on the blog")).toBeVisible();
    await expect(postRow(page, `${title} v2`).getByText("Draft", { exact: true })).toBeVisible();
    expect(await storedPost(`${title} v2`)).toMatchObject({
      published: false,
      published_at: published?.published_at,
    });
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    expect((await page.request.get(`/blog/${id}`)).status()).toBe(404);

    // Delete, with a confirmation step.
    await page.goto(`/admin/posts/${id}`);
    await page.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(`/admin/posts/${id}?delete=1`);
    await expect(page.getByRole("heading", { name: "Delete this post?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete post" }).click();
    await expect(page).toHaveURL("/admin/posts");
    await expect(page.getByText("Post deleted", { exact: true })).toBeVisible();
    await expect(postRow(page, `${title} v2`)).toHaveCount(0);
    expect(await storedPost(`${title} v2`)).toBeNull();
  });

  test("cancelling the delete step keeps the post", async ({ page }) => {
    await signIn(page, ADMIN, "/admin/posts/1?delete=1");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/admin/posts/1");
    await expect(page.getByLabel("Title")).toHaveValue(
      "Why Every Kenyan Business Needs a Website in 2026",
    );
  });

  test("validation messages appear under the fields and keep what was typed", async ({ page }) => {
    await signIn(page, ADMIN, "/admin/posts/new");
    await page.getByLabel("Title").fill("   ");
    await page.getByLabel("Excerpt").fill("Typed excerpt stays");
    await page.getByLabel("Cover image").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(fieldError(page, "Title is required")).toBeVisible();
    await expect(
      fieldError(page, "Cover image must be an http(s) URL or a site path starting with /"),
    ).toBeVisible();
    await expect(page.getByLabel("Excerpt")).toHaveValue("Typed excerpt stays");
    await expect(page.getByLabel("Cover image")).toHaveValue("javascript:alert(1)");
    await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  });

  test("the preview shows the sanitized HTML, with and without JavaScript", async ({ page }) => {
    await signIn(page, ADMIN, "/admin/posts/new");
    const preview = page.getByTestId("post-preview");
    // Typing before the page hydrates is hydration.jsonly.spec.ts's subject (scripts held there);
    // this flow starts on a settled page.
    if (jsOn()) await untilHydrated(page.getByLabel("Title"));
    await page.getByLabel("Title").fill("Preview only");
    await page
      .getByLabel("Content (HTML)")
      .fill('<h2>Preview heading</h2><p onclick="alert(1)">Body<img src=x onerror=alert(1)></p>');
    if (jsOn()) {
      // Live: no click needed.
      await expect(preview.getByRole("heading", { name: "Preview heading" })).toBeVisible();
      await expect(page).toHaveURL("/admin/posts/new");
    }
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(preview.getByRole("heading", { name: "Preview heading" })).toBeVisible();
    expect(await preview.innerHTML()).toBe("<h2>Preview heading</h2><p>Body</p>");
    await expect(page.getByLabel("Title")).toHaveValue("Preview only");
    expect(await storedPost("Preview only")).toBeNull();
  });

  for (const path of [
    "/admin/posts",
    "/admin/posts/new",
    "/admin/posts/2",
    "/admin/posts/2?delete=1",
  ]) {
    test(`${path} is private, not indexed, and passes axe`, async ({ page }) => {
      await addSession(page, ADMIN);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expectAccessible(page);
    });
  }

  test("an unknown post id is a 404", async ({ page }) => {
    await signIn(page, ADMIN);
    const missing = await page.goto("/admin/posts/999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });
});

test.describe("admin guard", () => {
  test("an anonymous visitor is sent to sign in and comes back", async ({ page }) => {
    await page.goto("/admin/posts/new");
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/admin/posts/new")}`);
    await page.getByLabel("Email Address").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/admin/posts/new");
    await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  });

  test("a signed-in user without admin rights is turned away", async ({ page }) => {
    const user = await createPlainUser({ is_admin: true });
    await signIn(page, user, "/");
    for (const path of ["/admin/posts", "/admin/posts/new", "/admin/posts/1"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
      await expect(page.getByText("That page is for administrators only.")).toBeVisible();
    }
    const post = await page.request.post("/admin/posts/new", {
      form: { title: "Sneaky", content: "<p>x</p>", published: "on" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toBe("/");
    expect(await storedPost("Sneaky")).toBeNull();
  });
});

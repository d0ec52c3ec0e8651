import { expect, type Page } from "@playwright/test";
import routes from "../../app/routes.ts";
import { routeLeaves } from "../support/route-table.ts";
import { ADMIN, createPlainUser, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";
import { test } from "./helpers/sweep-page";

/**
 * WCAG 2.2 SC 2.5.8 (target size, minimum) on every admin page at 360 px: each visible link,
 * button and form control is at least 24 × 24 CSS px, or a link inside a sentence (the SC's
 * inline exception). The spacing exception is not relied on: every other target is 24 px.
 */
const PAGE_FILES = /\.tsx$/;
const ADMIN_PAGES = routeLeaves(routes)
  .filter((route) => route.path.startsWith("admin") && PAGE_FILES.test(route.file))
  .map((route) => `/${route.path}`);

/** The table behind each `/admin/{kind}/:id`. */
const TABLE_OF: Record<string, string> = {
  services: "services",
  portfolio: "portfolio_projects",
  "portfolio-categories": "portfolio_categories",
  team: "team_members",
  testimonials: "testimonials",
  figures: "site_figures",
  chat: "chat_options",
  "blog-categories": "blog_categories",
  "blog-tags": "blog_tags",
  posts: "posts",
  messages: "contact_messages",
};

const ids = new Map<string, string>();

test.beforeAll(async () => {
  await ensureAdminOnboarded();
  const service = await serviceClient();
  await service.from("contact_messages").insert({
    name: "Target size check",
    email: "targets@example.com",
    message: "A message so that the inbox and its page have one.",
  });
  for (const [section, table] of Object.entries(TABLE_OF)) {
    const { data } = await service.from(table).select("id").order("id").limit(1).single();
    ids.set(section, String((data as { id: number }).id));
  }
  ids.set("legal", "terms");
  // A client with a project that has a milestone and an update: every control of their pages.
  const { data: client } = await service
    .from("organisations")
    .insert({ name: "Target size client" })
    .select("id")
    .single();
  const { data: project } = await service
    .from("projects")
    .insert({
      organisation_id: client?.id,
      title: "Target size project",
      service: "web-development",
    })
    .select("id")
    .single();
  await service
    .from("project_milestones")
    .insert({ project_id: project?.id, title: "Designs", status: "upcoming" } as never);
  await service
    .from("project_updates")
    .insert({ project_id: project?.id, body: "Started." } as never);
  ids.set("clients", String(client?.id));
  ids.set("projectId", String(project?.id));
  // Their money: a draft quote and invoice (the editors, with every control), and a sent quote
  // and an issued invoice (what the view as client shows).
  const owner = { organisation_id: client?.id };
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const line = { description: "Design", quantity: 1, unit_price_cents: 5_000_000 };
  const quoteOf = async () => {
    const { data } = await service
      .from("quotes")
      .insert({ ...owner, title: "Target size quote", valid_until: validUntil } as never)
      .select("id")
      .single();
    const id = (data as { id: number }).id;
    await service.from("quote_lines").insert({ ...owner, quote_id: id, ...line } as never);
    return id;
  };
  const invoiceOf = async () => {
    const { data } = await service
      .from("invoices")
      .insert({ ...owner, title: "Target size invoice" } as never)
      .select("id")
      .single();
    const id = (data as { id: number }).id;
    await service.from("invoice_lines").insert({ ...owner, invoice_id: id, ...line } as never);
    return id;
  };
  ids.set("quotes", String(await quoteOf()));
  ids.set("invoices", String(await invoiceOf()));
  const sent = await quoteOf();
  const issued = await invoiceOf();
  for (const answer of [
    await service.rpc("send_quote", { p_quote: sent, p_today: today }),
    await service.rpc("issue_invoice", { p_invoice: issued, p_today: today }),
  ]) {
    if (answer.error) throw new Error(answer.error.message);
  }
  ids.set("quoteId", String(sent));
  ids.set("invoiceId", String(issued));
  // Someone else on the people page, so its "Make admin" link is there.
  await createPlainUser();
});

interface Miss {
  what: string;
  width: number;
  height: number;
}

/** The page's targets smaller than 24 × 24 px that no exception covers. */
function undersizedTargets(page: Page): Promise<Miss[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
    /** A checkbox or radio's target includes its label (a click on it toggles the control). */
    const rectOf = (element: Element): DOMRect => {
      const input = element as HTMLInputElement;
      if (input.labels?.length && /^(checkbox|radio)$/.test(input.type)) {
        const label = input.labels[0] as HTMLElement;
        const a = element.getBoundingClientRect();
        const b = label.getBoundingClientRect();
        const left = Math.min(a.left, b.left);
        const top = Math.min(a.top, b.top);
        return new DOMRect(
          left,
          top,
          Math.max(a.right, b.right) - left,
          Math.max(a.bottom, b.bottom) - top,
        );
      }
      return element.getBoundingClientRect();
    };
    const targets = [...document.querySelectorAll(selector)]
      .filter((element) =>
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
      )
      .map((element) => ({ element, rect: rectOf(element) }))
      // Screen-reader-only skip links and the like (1 × 1 until focused).
      .filter(({ rect }) => rect.width > 2 && rect.height > 2);
    /** A link in a sentence: the SC's inline exception. */
    const inline = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      const parent = element.parentElement;
      if (!parent) return false;
      return [...parent.childNodes].some(
        (node) => node !== element && (node.textContent ?? "").trim().length > 0,
      );
    };
    const misses: { what: string; width: number; height: number }[] = [];
    for (const { element, rect } of targets) {
      if (rect.width >= MIN - 0.01 && rect.height >= MIN - 0.01) continue;
      if (inline(element)) continue;
      const name =
        element.getAttribute("aria-label") ||
        (element as HTMLElement).innerText?.trim().slice(0, 40) ||
        element.getAttribute("name") ||
        "";
      misses.push({
        what: `${element.tagName.toLowerCase()} "${name}"`,
        width: Math.round(rect.width * 10) / 10,
        height: Math.round(rect.height * 10) / 10,
      });
    }
    return misses;
  });
}

test("the list of admin pages comes from the route config and covers the site editors", () => {
  expect(ADMIN_PAGES).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/people",
      "/admin/services",
      "/admin/services/new",
      "/admin/services/:id",
      "/admin/services/:id/history",
      "/admin/settings",
      "/admin/legal/:id",
    ]),
  );
  expect(ADMIN_PAGES.length).toBeGreaterThan(40);
});

for (const pattern of ADMIN_PAGES) {
  test(`every target on ${pattern} is at least 24 × 24 px on a 360 px phone, nothing scrolls sideways`, async ({
    sweepPage: page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const section = /^\/admin\/([a-z-]+)\/:id/.exec(pattern)?.[1] ?? "";
    const path = pattern
      .replace(":id", ids.get(section) ?? "")
      .replace(/:(projectId|invoiceId|quoteId)\b/, (_, name: string) => ids.get(name) ?? "");
    // Every parameter filled with a real row: an unfilled one would check a 404 page instead.
    expect(path, pattern).not.toMatch(/:|\/\//);
    expect(path.endsWith("/") && path !== "/admin/", pattern).toBe(false);
    await signIn(page, ADMIN, path);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    expect(await undersizedTargets(page), path).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(360);
  });
}

/**
 * npm run screenshots — phone screenshots (390 × 844) of `/`, `/blog/1`, `/admin/posts`,
 * `/login`, the site editors (a service's list, form and history) and `/admin/analytics`, with JavaScript on and
 * off, from the production server on a fresh copy of the test data, into
 * docs/screenshots/<page>-<js|nojs>.png.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { TEST_ADMIN } from "@jenga/supabase-local/testing";
import { chromium, type Page } from "@playwright/test";
import { startTestSite } from "../test/support/site.ts";

const OUT = join(import.meta.dirname, "..", "docs", "screenshots");
const PAGES = [
  { name: "home", path: "/" },
  { name: "blog-1", path: "/blog/1" },
  { name: "admin-posts", path: "/admin/posts", admin: true },
  { name: "login", path: "/login" },
  { name: "admin-services", path: "/admin/services", admin: true },
  { name: "admin-service-edit", path: "/admin/services/1", admin: true },
  { name: "admin-service-history", path: "/admin/services/1/history", admin: true },
  { name: "admin-analytics", path: "/admin/analytics", admin: true },
];

async function signInAsAdmin(page: Page, url: string) {
  await page.goto(`${url}/login?redirectTo=/admin/posts`);
  await page.getByLabel("Email Address").fill(TEST_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${url}/admin/posts`);
}

mkdirSync(OUT, { recursive: true });
const site = await startTestSite({ env: { CONTACT_WHATSAPP: "254712345678" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const js of [true, false]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      javaScriptEnabled: js,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    let signedIn = false;
    for (const shot of PAGES) {
      if (shot.admin && !signedIn) {
        await signInAsAdmin(page, site.url);
        signedIn = true;
      }
      await page.goto(`${site.url}${shot.path}`, { waitUntil: "networkidle" });
      const file = join(OUT, `${shot.name}-${js ? "js" : "nojs"}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}

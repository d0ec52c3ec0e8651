/**
 * npm run screenshots — phone screenshots (390 × 844) of `/`, `/blog/1`, `/admin/posts`,
 * `/login`, the site editors (a service's list, form and history) and `/admin/analytics`, and
 * of the client portal (the demo client of `npm run demo:client`: its project as the agency and
 * as the client's owner sees it), with JavaScript on and off, from the production server on a
 * fresh copy of the test data, into docs/screenshots/<page>-<js|nojs>.png.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createKeys, loadOrCreateSecret } from "@jenga/supabase-local/jwt";
import { TEST_ADMIN } from "@jenga/supabase-local/testing";
import { chromium, type Page } from "@playwright/test";
import { startTestSite } from "../test/support/site.ts";
import { DEMO_EMAIL, seedDemoClient } from "./demo-client.ts";

const OUT = join(import.meta.dirname, "..", "docs", "screenshots");
const PAGES: { name: string; path: string; admin?: boolean; owner?: boolean }[] = [
  { name: "home", path: "/" },
  { name: "blog-1", path: "/blog/1" },
  { name: "admin-posts", path: "/admin/posts", admin: true },
  { name: "login", path: "/login" },
  { name: "admin-services", path: "/admin/services", admin: true },
  { name: "admin-service-edit", path: "/admin/services/1", admin: true },
  { name: "admin-service-history", path: "/admin/services/1/history", admin: true },
  { name: "admin-analytics", path: "/admin/analytics", admin: true },
];

/**
 * Visits for the analytics screenshot, through the real collection path (browsers' User-Agents,
 * other sites and a campaign as referrers), written by the site's next flush.
 */
async function visit(url: string) {
  const agents = [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  ];
  const paths = [
    "/",
    "/services",
    "/services/web-development",
    "/blog",
    "/blog/1",
    "/sw/",
    "/fr/contact",
  ];
  const referrers = ["https://www.google.com/", "https://www.linkedin.com/", "", "https://x.com/"];
  for (let i = 0; i < 60; i++) {
    const campaign = i % 9 === 0 ? "?utm_source=newsletter&utm_campaign=november" : "";
    await fetch(`${url}${paths[i % paths.length]}${campaign}`, {
      headers: {
        "User-Agent": `${agents[i % agents.length]} v${i % 13}`,
        Referer: referrers[i % 4] ?? "",
      },
    }).then((response) => response.arrayBuffer());
  }
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

async function signIn(page: Page, url: string, account: { email: string; password: string }) {
  await page.goto(`${url}/login?redirectTo=/admin/posts`);
  await page.getByLabel("Email Address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((target) => !target.pathname.startsWith("/login"));
}

mkdirSync(OUT, { recursive: true });
const site = await startTestSite({
  env: { CONTACT_WHATSAPP: "254712345678", ANALYTICS_FLUSH_SECONDS: "1" },
});
await visit(site.url);
const { serviceRoleKey } = await createKeys(loadOrCreateSecret(site.dataDir));
const demo = await seedDemoClient({ url: site.backendUrl, serviceRoleKey });
const projectPath = `/clients/${demo.organisationId}/projects/${demo.projectId}`;
PAGES.push(
  { name: "admin-project", path: `/admin${projectPath}`, admin: true },
  {
    name: "client-project",
    path: `/organisations/${demo.organisationId}/projects/${demo.projectId}`,
    owner: true,
  },
);
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
        await signIn(page, site.url, TEST_ADMIN);
        signedIn = true;
      }
      if (shot.owner) {
        await context.clearCookies();
        await signIn(page, site.url, { email: DEMO_EMAIL, password: demo.password });
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

import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:5610";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const js = process.env.NOJS !== "1";
const width = Number(process.env.W || 1280);
const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
const page = await context.newPage();
page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
page.on("console", (m) => { if (m.type() === "error") console.log("CONSOLE", m.text()); });
await page.goto(`${base}/login?redirectTo=/admin/services`);
await page.getByLabel("Email Address").fill("admin@example.com");
await page.getByLabel("Password", { exact: true }).fill("admin-password-123");
await page.getByRole("button", { name: "Sign In" }).click();
await page.waitForURL((u) => u.pathname === "/admin/services");
for (const path of (process.env.PAGES || "/admin/services").split(",")) {
  await page.goto(base + path);
  const name = path.replace(/[/?=]/g, "_");
  await page.screenshot({ path: `/tmp/shots/${name}-${width}${js ? "" : "-nojs"}.png`, fullPage: true });
  console.log(path, await page.title(), await page.evaluate(() => document.documentElement.scrollWidth));
}
await browser.close();

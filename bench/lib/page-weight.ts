import type { Browser } from "@playwright/test";

export interface PageWeight {
  path: string;
  jsBytes: number;
  totalBytes: number;
  requests: number;
  thirdParty: string[];
  renderBlocking: string[];
}

/**
 * Loads a page in a fresh Chromium context and adds up what went over the wire (encoded sizes):
 * JavaScript, everything, requests to other origins, and render-blocking resources in <head>
 * (stylesheets and classic scripts without async/defer).
 */
export async function measurePageWeight(
  browser: Browser,
  baseURL: string,
  path: string,
): Promise<PageWeight> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const origin = new URL(baseURL).origin;
  const sizes: Promise<{ url: string; type: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    sizes.push(
      request.sizes().then((s) => ({
        url: request.url(),
        type: request.resourceType(),
        bytes: s.responseBodySize,
      })),
    );
  });
  await page.goto(new URL(path, baseURL).href, { waitUntil: "networkidle" });
  const renderBlocking = await page.$$eval(
    "head link[rel=stylesheet], head script[src]:not([async]):not([defer]):not([type=module])",
    (nodes) => nodes.map((n) => n.getAttribute("href") ?? n.getAttribute("src") ?? ""),
  );
  const all = await Promise.all(sizes);
  await context.close();
  return {
    path,
    jsBytes: all.filter((r) => r.type === "script").reduce((sum, r) => sum + r.bytes, 0),
    totalBytes: all.reduce((sum, r) => sum + r.bytes, 0),
    requests: all.length,
    thirdParty: all
      .filter((r) => !r.url.startsWith(origin) && !r.url.startsWith("data:"))
      .map((r) => r.url),
    renderBlocking,
  };
}

export const publicRoutes = [
  "/",
  "/services",
  "/services/web-development",
  "/blog",
  "/blog/1",
  "/contact",
  "/sw/",
  "/fr/",
  "/sw/services/web-development",
  "/fr/blog",
  "/sw/contact",
];

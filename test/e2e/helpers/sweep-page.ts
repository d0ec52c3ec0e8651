import { type BrowserContextOptions, test as base, type Page } from "@playwright/test";

/** The project's options that shape a browser context (the rest are the runner's). */
const CONTEXT_OPTIONS = [
  "baseURL",
  "javaScriptEnabled",
  "viewport",
  "screen",
  "userAgent",
  "deviceScaleFactor",
  "isMobile",
  "hasTouch",
  "reducedMotion",
  "locale",
] as const satisfies readonly (keyof BrowserContextOptions)[];

/**
 * `sweepPage`: one page per worker, kept from one test to the next, for the sweeps whose tests
 * each open one page as the same user and only read it (every admin page at 360 px: target
 * sizes, sideways scrolling, axe). A new context and page per test cost Chromium a renderer
 * process and the page's scripts compiled again; here each test still signs in and loads its
 * own page, in the context its project describes. A test that fails takes its worker, and the
 * page, with it.
 */
export const test = base.extend<object, { sweepPage: Page }>({
  sweepPage: [
    async ({ browser }, use, workerInfo) => {
      const project = workerInfo.project.use as BrowserContextOptions;
      const options = Object.fromEntries(
        CONTEXT_OPTIONS.filter((name) => project[name] !== undefined).map((name) => [
          name,
          project[name],
        ]),
      );
      const context = await browser.newContext(options);
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});

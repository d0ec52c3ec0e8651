import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Fixed ports below Linux's ephemeral range (32768–60999): a port the system hands out — to a
 * test's freePort(), to an outgoing connection, to a site started beside the suite with its
 * defaults (backend 54321, Daraja stand-in 54330) — can never be one of these. A fresh-clone run
 * once failed to start when 54330 (then the second backend's port) was taken at that moment.
 */
const PORT = Number(process.env.E2E_PORT || 4173);
const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT || 30329);
export const baseURL = `http://127.0.0.1:${PORT}`;
export const RATE_LIMITED_PORT = PORT + 1;
/**
 * The local Daraja stand-in of each server (its phone page: `${DARAJA_URL}/phone`): 50 above the
 * backend's ports (30379 and 30380 by default), clear of the backends and of the stand-in's
 * default (54330).
 */
export const DARAJA_PORT = BACKEND_PORT + 50;
export const DARAJA_URL = `http://127.0.0.1:${DARAJA_PORT}`;
export const RATE_LIMITED_DARAJA_URL = `http://127.0.0.1:${DARAJA_PORT + 1}`;

/** The production server (`npm start`) on a fresh embedded-backend data directory. */
function server(
  port: number,
  backendPort: number,
  darajaPort: number,
  env: Record<string, string>,
) {
  const url = `http://127.0.0.1:${port}`;
  return {
    command: `node test/e2e/helpers/reset-data.ts && npm start`,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      SUPABASE_LOCAL_PORT: String(backendPort),
      SUPABASE_LOCAL_DIR: `.data/e2e-${port}`,
      MPESA_LOCAL_PORT: String(darajaPort),
      // Only an explicit opt-in points the tests at an external Supabase.
      SUPABASE_URL: process.env.E2E_USE_SUPABASE_URL ? (process.env.SUPABASE_URL ?? "") : "",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "admin-password-123",
      CONTACT_WHATSAPP: "+254 712 345 678",
      // New passwords hashed at bcrypt cost 4, as in the Vitest suite: ~1/64 of the work of 10.
      SUPABASE_LOCAL_PASSWORD_HASH_COST: "4",
      // One process, as in the other tests (the cluster has tests of its own).
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY || "1",
      ...env,
    },
  };
}

/**
 * Debian's Chromium in two builds of the same version (docs/decisions/009-headless-shell-for-e2e.md):
 * the full browser (`chromium`), which visitors run, and its headless shell
 * (`chromium-headless-shell`), which opens a page for about a third of the CPU. The flows run in
 * the shell; the tests of what only a real browser does with the app's scripts (`*.jsonly`:
 * hydration, history, menus, motion, toasts) run in the full browser. Without the shell, or with
 * `CHROMIUM_PATH` set, everything runs in the one browser.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FLOW_CHROMIUM =
  !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];
const fullBrowser = { launchOptions: { executablePath: FULL_CHROMIUM, args: chromiumArgs } };

/**
 * E2E against the production build on the embedded backend (fresh data dir per run), in Debian's
 * Chromium, with JavaScript on (`js`) and off (`nojs`).
 */
export default defineConfig({
  testDir: "test/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  // Three workers on two cores: two left ~10 % of the cores idle while tests waited on the
  // server or on axe's results; a third fills it (577 tests: 8.4 -> 7.6-7.8 min). The extra load
  // once let a test click a page before it had hydrated; every test of what scripts do must wait
  // for hydration (test/e2e/helpers/hydrated.ts): the js and site-js projects pass with every
  // script answered 700 ms late (docs/testing.md).
  workers: 3,
  // A flaky test is a defect to fix, not to retry.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    // No traces by default: recording every action's DOM snapshot cost ~13 % of a run's time.
    // To keep a failing test's trace: `npm run test:e2e -- --trace retain-on-failure`.
    trace: "off",
    // Flows run as a visitor who asked for less motion: every page's cards then appear at once
    // instead of the compositor drawing their staggered 0.45 s rise-in (the GPU process's CPU on
    // a 164-test sample: 21.8 -> 14.0 s). The motion itself is tested with motion on
    // (shell-motion.spec.ts) and in the jsonly project.
    reducedMotion: "reduce",
    launchOptions: { executablePath: FLOW_CHROMIUM, args: chromiumArgs },
  },
  projects: [
    // Plain HTTP checks (status codes, headers) need no browser mode: they run once.
    { name: "http", testMatch: /\.http\.spec\.ts$/ },
    // Rate-limit behaviour, against the second server (limits on), with and without JS.
    {
      name: "ratelimit-js",
      testMatch: /\.ratelimit\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: `http://127.0.0.1:${RATE_LIMITED_PORT}`,
        javaScriptEnabled: true,
      },
    },
    {
      name: "ratelimit-nojs",
      testMatch: /\.ratelimit\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: `http://127.0.0.1:${RATE_LIMITED_PORT}`,
        javaScriptEnabled: false,
      },
    },
    {
      name: "js",
      // Every admin page at 360 px is checked once for target sizes and sideways scrolling, in
      // the phone baseline (nojs: admin-targets): the sizes come from the CSS.
      testIgnore: [/\.(http|ratelimit|site|jsonly)\.spec\.ts$/, /admin-targets\.spec\.ts$/],
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true },
    },
    // What only a browser running the app's scripts does (hydration, history, menus, motion,
    // toasts), in the full Chromium visitors run.
    {
      name: "jsonly",
      testMatch: /\.jsonly\.spec\.ts$/,
      // With motion on, as most visitors have it: the scripted scroll effects are among these.
      use: {
        ...devices["Desktop Chrome"],
        javaScriptEnabled: true,
        reducedMotion: "no-preference",
        ...fullBrowser,
      },
    },
    {
      name: "nojs",
      // The admin pages' axe checks at 360 px run with JavaScript (admin-phone); their layout
      // without it is checked by admin-targets.
      testIgnore: [/\.(http|ratelimit|jsonly|site)\.spec\.ts$/, /admin-phone\.spec\.ts$/],
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
    },
    // Flows that change the site's content (services, team, legal pages, settings) run after
    // every other project: the pages those check (the visible-text fixture, the 8 services…)
    // must not change under them. Against the main server, with and without JS.
    {
      name: "site-js",
      testMatch: /\.site\.spec\.ts$/,
      // The other editors' walk-throughs run once, without JS on a phone (site-nojs).
      testIgnore: /admin-site-kinds\.site\.spec\.ts$/,
      dependencies: ["http", "js", "jsonly", "nojs", "ratelimit-js", "ratelimit-nojs"],
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true },
    },
    {
      name: "site-nojs",
      testMatch: /\.site\.spec\.ts$/,
      dependencies: ["http", "js", "jsonly", "nojs", "ratelimit-js", "ratelimit-nojs"],
      // Without JavaScript on a 360 px phone (with it, on a desktop: site-js).
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 360, height: 740 },
        javaScriptEnabled: false,
      },
    },
  ],
  webServer: [
    server(PORT, BACKEND_PORT, DARAJA_PORT, { RATE_LIMIT: "off" }),
    // A second server with rate limits on, behind a "proxy" (TRUST_PROXY) so each test can
    // present its own client address in X-Forwarded-For.
    server(RATE_LIMITED_PORT, BACKEND_PORT + 1, DARAJA_PORT + 1, { TRUST_PROXY: "1" }),
  ],
});

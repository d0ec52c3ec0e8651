import { test } from "@playwright/test";

/**
 * Whether the running test's browser has JavaScript on: the `js` projects, and every project that
 * does not turn it off (`nojs` does, playwright.config.ts). Call it inside a test or hook.
 */
export function jsOn(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { frameworkScriptHashes } from "./csp";
import {
  BOOT_SCRIPT,
  HELD_SCRIPT_ID,
  holdHydrationUntilPainted,
  holdRenderedHydration,
} from "./hydrate-after-paint";

const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("base64");
const nonce = "bm9uY2Utb2YtdGhpcy1wYWdl";

/** The shape React Router 8 and React 19 render: preloads hoisted into <head>, scripts last. */
const moduleText = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/home-3.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-4.js");`;
const document = [
  '<!DOCTYPE html><html lang="sw"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app-5.css" data-precedence="default"/>',
  `<link rel="modulepreload" href="/assets/manifest-1.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-4.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/framework-6.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/root-2.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/home-3.js" nonce="${nonce}"/>`,
  '<link rel="preload" as="image" href="/images/hero.svg" fetchPriority="high"/>',
  "</head><body><main><h1>Karibu</h1><p>Posts may quote __reactRouterRouteModules.</p></main>",
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${nonce}" type="module" async="">${moduleText}</script>`,
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`,
  "</body></html>",
].join("");

describe("holdHydrationUntilPainted", () => {
  const held = holdHydrationUntilPainted(document, nonce);

  it("requests no module before the first paint: no preload tag and no runnable module script", () => {
    expect(held).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(held).not.toMatch(/<script[^>]*type="module"/);
    // Everything else in <head> stays: the stylesheet and the hero image's preload.
    expect(held).toContain('<link rel="stylesheet" href="/assets/app-5.css"');
    expect(held).toContain('<link rel="preload" as="image" href="/images/hero.svg"');
  });

  it("keeps the framework's module text byte for byte, and every preload address in order", () => {
    const match = held.match(
      new RegExp(`<script ([^>]*)id="${HELD_SCRIPT_ID}"([^>]*)>([\\s\\S]*?)</script>`),
    );
    expect(match?.[3]).toBe(moduleText);
    expect(`${match?.[1]}${match?.[2]}`).toContain(`nonce="${nonce}"`);
    expect(held).toContain(
      'data-preload="/assets/manifest-1.js /assets/entry.client-4.js /assets/framework-6.js /assets/root-2.js /assets/home-3.js"',
    );
  });

  it("boots last in <body>, after the hydration data, and leaves the rest of the page alone", () => {
    expect(held).toMatch(
      new RegExp(
        `streamController\\.close\\(\\);</script><script nonce="${nonce}">[^<]+</script></body></html>$`,
      ),
    );
    expect(held.indexOf("<main><h1>Karibu</h1>")).toBeGreaterThan(0);
    expect(held).toContain(BOOT_SCRIPT);
  });

  it("needs no change to a cached page's policy: the held text and the boot script are hashed", () => {
    const hashes = frameworkScriptHashes(held, nonce, sha256);
    // The browser checks the module script the boot creates against the hash of its text.
    expect(hashes).toContain(`'sha256-${sha256(moduleText)}'`);
    expect(hashes).toContain(`'sha256-${sha256(BOOT_SCRIPT)}'`);
  });

  it("rewrites only the framework's parts of the bytes: the content is copied as it is, and their scripts hash like the whole page's", () => {
    const content =
      "<main><h1>Création de sites · Ubunifu wa tovuti — ✓</h1><p>Posts may quote rel=&quot;modulepreload&quot;.</p></main>";
    const rendered = document
      .replace(
        "</head>",
        `<script nonce="${nonce}">document.documentElement.dataset.t="é";</script></head>`,
      )
      .replace(/<main>.*<\/main>/, content)
      .replace(
        "window.__reactRouterContext = {};",
        'window.__reactRouterContext = {"q":"Habari · ça"};',
      );
    const held = holdRenderedHydration(Buffer.from(rendered), nonce);
    expect(held.changed).toBe(true);
    const page = held.body.toString("utf8");
    expect(page).toBe(holdHydrationUntilPainted(rendered, nonce));
    // The content between <head> and the framework's scripts is the rendered bytes, untouched.
    expect(held.body.indexOf(Buffer.from(`</head><body>${content}`))).toBeGreaterThan(0);
    expect(page).not.toMatch(/<link[^>]*rel="modulepreload"/);
    // Hashing the rewritten parts allows exactly what hashing the whole page would: no more.
    const fromParts = frameworkScriptHashes(held.framework, nonce, sha256);
    expect(fromParts).toEqual(frameworkScriptHashes(page, nonce, sha256));
    expect(fromParts).toHaveLength(5);
  });

  it("copies the route data's scripts as they are, and still finds the module script named first elsewhere", () => {
    const data = `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[\\"Habari · ça\\"]");</script>`;
    const rendered = document.replace(
      `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`,
      `${data}<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`,
    );
    const held = holdRenderedHydration(Buffer.from(rendered), nonce);
    expect(held.body.indexOf(Buffer.from(data))).toBeGreaterThan(0);
    expect(held.body.toString("utf8")).toMatch(
      /<\/script><script nonce="[^"]+">[^<]+<\/script><\/body><\/html>$/,
    );
    // A script before the framework's that names the route modules (not a module itself).
    const named = rendered.replace(
      "window.__reactRouterContext = {};",
      'window.__reactRouterContext = {"note":"__reactRouterRouteModules"};',
    );
    const page = holdHydrationUntilPainted(named, nonce);
    expect(page).not.toMatch(/<script[^>]*type="module"/);
    expect(page).toContain(`id="${HELD_SCRIPT_ID}"`);
    expect(page).toContain(BOOT_SCRIPT);
  });

  it("leaves a document as rendered rather than half-held when a module preload follows the route data", () => {
    const late = document.replace(
      "</body>",
      `<link rel="modulepreload" href="/assets/late-7.js" nonce="${nonce}"/></body>`,
    );
    const held = holdRenderedHydration(Buffer.from(late), nonce);
    expect(held.changed).toBe(false);
    expect(held.body.toString("utf8")).toBe(late);
  });

  it("leaves a document without the framework's module script exactly as it was", () => {
    const withoutScripts = document.replace(
      /<script nonce[^>]*type="module"[\s\S]*?<\/script>/,
      "",
    );
    expect(holdHydrationUntilPainted(withoutScripts, nonce)).toBe(withoutScripts);
    const text = '<html><body><p>type="module" and modulepreload are words here</p></body></html>';
    expect(holdHydrationUntilPainted(text, nonce)).toBe(text);
  });

  it("is linear: a 2 MB page is rewritten in well under 50 ms", () => {
    const filler = "<p>Habari za biashara</p>".repeat(80_000);
    const big = document.replace("<main>", `<main>${filler}`);
    const started = performance.now();
    const out = holdHydrationUntilPainted(big, nonce);
    expect(performance.now() - started).toBeLessThan(50);
    expect(out.length).toBeGreaterThan(big.length - 1000);
  });
});

/**
 * Hydration after the first paint.
 *
 * Every page is complete HTML that works without JavaScript; React and React Router only
 * enhance it. As rendered, the framework asks for its ~120 KB of modules at once (module
 * preloads in `<head>` and a module script with static imports), so on a slow link they share
 * the bandwidth with the document and the stylesheet and the first paint waits for them
 * (Lighthouse's mobile simulation: first paint ~2.0 s with them, ~0.8 s without).
 *
 * `holdHydrationUntilPainted` rewrites the rendered document so the modules are requested only
 * once the page has painted:
 * - the `<link rel="modulepreload">` tags are taken out and their addresses kept on the held
 *   script (`data-preload`), so nothing is lost: they are preloaded all at once at boot, with no
 *   import waterfall;
 * - the framework's module script keeps its exact text but gets an inert type, so it does not
 *   run yet;
 * - a small boot script (last in `<body>`) waits for the first contentful paint, then adds
 *   the preloads and runs the held text as a module script (`BOOT_SCRIPT`).
 *
 * The held text keeps the framework's nonce: a fresh page's policy allows it by nonce, a
 * cached page's by the hash of that same text (`frameworkScriptHashes`), so the policy does
 * not change. A document without the framework's module script (an error before `<Scripts>`)
 * is left as it is.
 */

export const HELD_SCRIPT_ID = "rr-hydrate";
const HELD_TYPE = "text/x-held-module";
// The boot looks for a <script> with that id and type: page content (a post's sanitised HTML
// has no <script> and no id) cannot stand in for it; and were it to, the CSP would refuse it.

/**
 * Runs once, when the browser reports the first contentful paint (so the modules are asked for
 * after that paint, by construction); at once in a tab opened in the background (it paints
 * nothing until shown); after the first frame where paint timing is not supported; and at the
 * latest 2 s after the first frame, should a page never paint any content.
 */
export const BOOT_SCRIPT = `(()=>{let done=false;const boot=()=>{if(done)return;done=true;const held=document.querySelector(${JSON.stringify(`script#${HELD_SCRIPT_ID}[type="${HELD_TYPE}"]`)});if(!held)return;for(const href of (held.dataset.preload||"").split(" ")){if(!href)continue;const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link);}const script=document.createElement("script");script.type="module";script.nonce=held.nonce;script.textContent=held.textContent;document.head.append(script);};if(document.visibilityState==="hidden")return boot();const timed=PerformanceObserver.supportedEntryTypes?.includes("paint");if(timed)new PerformanceObserver((list,observer)=>{if(!list.getEntriesByName("first-contentful-paint").length)return;observer.disconnect();boot();}).observe({type:"paint",buffered:true});requestAnimationFrame(()=>setTimeout(boot,timed?2000:0));})();`;

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]*)"/;
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>/g;

/** The opening tag of the framework's module script (the one that boots the router), if any. */
function findFrameworkModuleScript(html: string): { start: number; tag: string } | undefined {
  for (const match of html.matchAll(MODULE_SCRIPT)) {
    const bodyStart = match.index + match[0].length;
    const body = html.slice(bodyStart, html.indexOf("</script>", bodyStart));
    if (body.includes("__reactRouterRouteModules")) return { start: match.index, tag: match[0] };
  }
  return undefined;
}

/** As `holdRenderedHydration`, on a document held as text. */
export function holdHydrationUntilPainted(html: string, nonce: string): string {
  const held = holdRenderedHydration(Buffer.from(html), nonce);
  return held.changed ? held.body.toString("utf8") : html;
}

/** A rendered document once held: its bytes, and the framework's parts in document order. */
export interface HeldDocument {
  body: Buffer;
  /**
   * The parts the framework wrote into (text once rewritten, or bytes copied as they were):
   * every inline script with the nonce is in them, for the CSP's hashes
   * (`frameworkScriptHashes`).
   */
  framework: (string | Buffer)[];
  changed: boolean;
}

/**
 * Holds the hydration of a rendered document (its bytes, as React wrote them). Only the parts
 * the framework wrote into are decoded and rewritten — `<head>` from its first module preload,
 * `<body>` from its first script carrying the nonce to the end of the framework's module
 * script — and the rest is copied as it is: the page's content, and the route data's scripts
 * after the module script (decoding and re-encoding them cost ~0.1 ms of a page:
 * bench/README.md).
 */
export function holdRenderedHydration(html: Buffer, nonce: string): HeldDocument {
  const marks = ['rel="modulepreload"', `nonce="${nonce}"`];
  const headEnd = html.indexOf("</head>");
  const headStart = headEnd < 0 ? -1 : firstTagWith(html, marks, 0, headEnd);
  const tailStart = firstTagWith(html, marks, Math.max(headEnd, 0), html.length);
  const head = headStart < 0 ? "" : html.toString("utf8", headStart, headEnd);
  const tail = tailStart < 0 ? undefined : splitTail(html, tailStart);
  const held = tail && holdInParts(head, tail.text, nonce);
  if (!held) {
    const text = tailStart < 0 ? "" : html.toString("utf8", tailStart);
    return { body: html, framework: [head, text], changed: false };
  }
  const pieces: Buffer[] = [];
  let copied = 0;
  if (headStart >= 0) {
    pieces.push(html.subarray(0, headStart), Buffer.from(held.head));
    copied = headEnd;
  }
  const boot = `<script nonce="${nonce}">${BOOT_SCRIPT}</script>`;
  pieces.push(
    html.subarray(copied, tailStart),
    Buffer.from(held.tail),
    tail.data,
    Buffer.from(boot),
    tail.end,
  );
  return {
    body: Buffer.concat(pieces),
    framework: [held.head, held.tail, tail.data, boot],
    changed: true,
  };
}

/**
 * The framework's part of `<body>` in three: its text up to the end of its module script (the
 * part rewritten), the bytes after it up to `</body>` (the route data's scripts, copied), and
 * `</body>` on. Undefined when it has not that shape (no module script, no `</body>` after it,
 * or a module preload after it): the document is then left as it is.
 */
function splitTail(
  html: Buffer,
  from: number,
): { text: string; data: Buffer; end: Buffer } | undefined {
  let named = html.indexOf("__reactRouterRouteModules", from);
  while (named >= 0) {
    const cut = html.indexOf("</script>", named);
    if (cut < 0) return undefined;
    const text = html.toString("utf8", from, cut + "</script>".length);
    const script = findFrameworkModuleScript(text);
    if (script) {
      const bodyEnd = html.lastIndexOf("</body>");
      const dataStart = cut + "</script>".length;
      if (bodyEnd < dataStart) return undefined;
      if (html.indexOf('rel="modulepreload"', dataStart) >= 0) return undefined;
      return { text, data: html.subarray(dataStart, bodyEnd), end: html.subarray(bodyEnd) };
    }
    // Named first in another script (not the module itself): look further.
    named = html.indexOf("__reactRouterRouteModules", cut);
  }
  return undefined;
}

/** Where the tag holding the first of `marks` in [from, to) opens, or -1. */
function firstTagWith(html: Buffer, marks: string[], from: number, to: number): number {
  let first = -1;
  for (const mark of marks) {
    const at = html.indexOf(mark, from);
    if (at >= 0 && at < to && (first < 0 || at < first)) first = at;
  }
  return first < 0 ? -1 : Math.max(from, html.lastIndexOf("<", first));
}

/**
 * `head` without its module preloads, and `tail` (the framework's scripts up to the end of its
 * module script) with the preloads' addresses on the held module script.
 */
function holdInParts(
  head: string,
  tail: string,
  nonce: string,
): { head: string; tail: string } | undefined {
  const preloads = new Set<string>();
  const strip = (text: string) =>
    text.replace(MODULE_PRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1];
      if (href) preloads.add(href);
      return "";
    });
  const strippedHead = strip(head);
  const stripped = strip(tail);
  const script = findFrameworkModuleScript(stripped);
  if (!script) return undefined;
  const held = `<script nonce="${nonce}" type="${HELD_TYPE}" id="${HELD_SCRIPT_ID}" data-preload="${[...preloads].join(" ")}">`;
  return {
    head: strippedHead,
    tail: stripped.slice(0, script.start) + held + stripped.slice(script.start + script.tag.length),
  };
}

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

/**
 * Holds the hydration of a rendered document (its bytes, as React wrote them). Only the parts
 * the framework wrote into are decoded and rewritten — `<head>` from its first module preload,
 * `<body>` from its first script carrying the nonce — and the page's content between them is
 * copied as it is (decoding and re-encoding a 75 KB page cost ~0.3 ms: bench/README.md).
 * `framework` is the text of those parts once rewritten: every inline script with the nonce is
 * in it, for the CSP's hashes (`frameworkScriptHashes`).
 */
export function holdRenderedHydration(
  html: Buffer,
  nonce: string,
): { body: Buffer; framework: string; changed: boolean } {
  const marks = ['rel="modulepreload"', `nonce="${nonce}"`];
  const headEnd = html.indexOf("</head>");
  const headStart = headEnd < 0 ? -1 : firstTagWith(html, marks, 0, headEnd);
  const tailStart = firstTagWith(html, marks, Math.max(headEnd, 0), html.length);
  const head = headStart < 0 ? "" : html.toString("utf8", headStart, headEnd);
  const tail = tailStart < 0 ? "" : html.toString("utf8", tailStart);
  const held = holdInParts(head, tail, nonce);
  if (!held) return { body: html, framework: head + tail, changed: false };
  const pieces: Buffer[] = [];
  let copied = 0;
  if (headStart >= 0) {
    pieces.push(html.subarray(0, headStart), Buffer.from(held.head));
    copied = headEnd;
  }
  pieces.push(html.subarray(copied, tailStart), Buffer.from(held.tail));
  return { body: Buffer.concat(pieces), framework: held.head + held.tail, changed: true };
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

function holdInParts(
  head: string,
  tail: string,
  nonce: string,
): { head: string; tail: string } | undefined {
  if (!findFrameworkModuleScript(tail)) return undefined;
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
  const bodyEnd = stripped.lastIndexOf("</body>");
  if (!script || bodyEnd < script.start) return undefined;
  const held = `<script nonce="${nonce}" type="${HELD_TYPE}" id="${HELD_SCRIPT_ID}" data-preload="${[...preloads].join(" ")}">`;
  return {
    head: strippedHead,
    tail:
      stripped.slice(0, script.start) +
      held +
      stripped.slice(script.start + script.tag.length, bodyEnd) +
      `<script nonce="${nonce}">${BOOT_SCRIPT}</script>` +
      stripped.slice(bodyEnd),
  };
}

import { createHash } from "node:crypto";
import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, ServerBuild } from "react-router";
import {
  createRequestHandler as createFrameworkHandler,
  RouterContextProvider,
  ServerRouter,
} from "react-router";
import { publishedBlogChanged } from "~/domain/posts/published.server";
import { siteContentChanged } from "~/domain/site/snapshot.server";
import { isSharedCacheable } from "~/infra/cache-policy";
import {
  type ContentChange,
  type ContentEvents,
  contentEventsContext,
} from "~/infra/content-events";
import { buildCsp, frameworkScriptHashes } from "~/infra/csp";
import { freshNonce } from "~/infra/csp-nonce.server";
import { holdRenderedHydration } from "~/infra/hydrate-after-paint";
import { withMatchedRoutesOnly } from "~/infra/matched-manifest.server";
import { documentResponse, takesRenderedBodyContext } from "~/infra/rendered-body.server";
import { withIndexedRouteMatching } from "~/infra/route-matching.server";

/** First-party analytics: the Node server counts pages and drains through these (server/app.ts). */
export { countPageView, flushAnalytics } from "~/domain/analytics/collector.server";
/** The webhook lane stores deliveries through this (server/hook-lane.ts, app/domain/hooks/). */
export { receiveHookDelivery } from "~/domain/hooks/receive.server";
/** The jobs runner starts and stops with the Node server's process (server/site-server.ts). */
export { startJobs, stopJobs } from "~/domain/jobs/jobs.server";
/** The Node server takes rendered documents beside their Response (app/infra/rendered-body.server.ts). */
export { renderedBody } from "~/infra/rendered-body.server";

export const streamTimeout = 5_000;

/**
 * The request handler of the framework copy this build uses: the Node server must create its
 * handler from it, as the contexts it checks with `instanceof` come from `createRequestContext`
 * (under `npm run dev` Vite loads its own copy of react-router, and every page answered 500).
 * It matches URLs with the indexed matcher (app/infra/route-matching.server.ts).
 */
export function createRequestHandler(build: ServerBuild, mode?: string) {
  return createFrameworkHandler(withIndexedRouteMatching(build), mode);
}

const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("base64");

/** The ports the Node server plugs into every request's router context. */
export interface ServerPorts {
  contentEvents: ContentEvents;
}

/**
 * The router context of one request, made by the Node server (it cannot import the app's
 * context keys itself: the build carries its own copy of them).
 */
export function createRequestContext(ports: ServerPorts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(takesRenderedBodyContext, true);
  context.set(contentEventsContext, {
    announce(change) {
      // This process first (whatever server runs it), then the server's page cache and the
      // other workers and instances.
      contentChanged(change);
      ports.contentEvents.announce(change);
    },
  });
  return context;
}

/**
 * A content change announced elsewhere (another worker, another instance) reached this
 * process: the Node server calls this through the build (server/site-server.ts), as it cannot
 * import the app's modules itself.
 */
export function contentChanged(change: ContentChange): void {
  siteContentChanged(change);
  publishedBlogChanged(change);
}

function renderDocument(routerContext: EntryContext, url: string, nonce: string) {
  return new Promise<{ html: Buffer; failed: boolean }>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          pipe(documentSink((html) => resolve({ html, failed }), reject));
        },
        onShellError: reject,
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/**
 * What React writes a finished document into: its chunks, joined once it ends. Everything is
 * ready when it is written (`onAllReady`), so there is nothing to pace: a stream between React
 * and the array (as a PassThrough was) only cost its machinery, ~3 % of a page's CPU
 * (bench/README.md). React calls `write`, `end`, `destroy` and `on` of what it is given.
 */
function documentSink(done: (html: Buffer) => void, failed: (error: unknown) => void): Writable {
  const chunks: Uint8Array[] = [];
  const sink = {
    // Bytes, or a long text React did not encode itself (the route data's script).
    write(chunk: Uint8Array | string) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      done(Buffer.concat(chunks));
    },
    destroy(error?: unknown) {
      failed(error ?? new Error("The document's render was stopped."));
    },
    on() {
      return sink;
    },
  };
  return sink as unknown as Writable;
}

/**
 * Renders the whole document before answering (`onAllReady`): pages are small, nothing is
 * deferred, and a complete body can be compressed, hashed for an ETag and cached. Its
 * JavaScript is held until the page has painted (`holdHydrationUntilPainted`). The CSP is
 * decided once, here: a shared-cacheable page (the same bytes for everyone) allows exactly the
 * inline scripts the framework rendered, by hash; any other page allows its fresh nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  const nonce = freshNonce();
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Security-Policy", buildCsp({ nonce }));
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const rendered = await renderDocument(withMatchedRoutesOnly(routerContext), request.url, nonce);
  const held = holdRenderedHydration(rendered.html, nonce);
  const status = rendered.failed ? 500 : responseStatusCode;
  const csp = isSharedCacheable(status, responseHeaders)
    ? buildCsp({ scriptHashes: frameworkScriptHashes(held.framework, nonce, sha256) })
    : buildCsp({ nonce });
  responseHeaders.set("Content-Security-Policy", csp);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return documentResponse(held.body, { status, headers: responseHeaders }, loadContext);
}

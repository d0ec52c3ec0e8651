import { createContext, type RouterContextProvider } from "react-router";

/**
 * Documents handed to the Node server beside their `Response` rather than inside it: wrapping
 * a rendered page in a body stream costs ~0.15 ms of CPU and reading it back as much again, on
 * every page not served from the cache (bench/README.md). The Node server (server/app.ts)
 * takes the bytes with `renderedBody` and sends them as they are.
 *
 * Only a server that says it takes them gets a document this way (`takesRenderedBodyContext` in the
 * router context it makes: `createRequestContext` in app/entry.server.tsx); any other caller of
 * the handler gets an ordinary `Response` with its body.
 */
export const takesRenderedBodyContext = createContext(false);

const bodies = new WeakMap<Response, Buffer>();

export function documentResponse(
  body: Buffer,
  init: ResponseInit,
  context: Readonly<RouterContextProvider> | undefined,
): Response {
  if (!context?.get(takesRenderedBodyContext))
    return new Response(body as Uint8Array<ArrayBuffer>, init);
  const response = new Response(null, init);
  bodies.set(response, body);
  return response;
}

/** The document a `Response` stands for, when it was handed over beside it. */
export function renderedBody(response: Response): Buffer | undefined {
  return bodies.get(response);
}

/**
 * How large a request body may be, per path. `server/` imports this file directly (it imports
 * nothing).
 */

/** Bytes of an uploaded image (the `media` bucket's file_size_limit). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The routes whose forms upload an image (multipart): the post editor, the media library and its
 * upload endpoint, the editors of services, portfolio projects and team members (image fields of
 * app/domain/site/editor/kinds.ts) — and their `.data` twins, which JS submissions post to.
 */
const UPLOAD_ROUTES =
  /^\/admin\/(?:posts\/(?:new|\d{1,18})|media(?:\/upload)?|(?:services|portfolio|team)\/(?:new|\d{1,18}))(?:\.data)?$/;

/** An image-upload route (its `.data` twin included): bodies up to 5 MB, read after the guard. */
export function isUploadRoute(path: string): boolean {
  return UPLOAD_ROUTES.test(path);
}

/** Bytes of a client's private file (the `client-files` bucket's limit, hosted Storage's own). */
export const FILE_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Where a private file is uploaded: `/files/<organisation id>` and a project's files
 * (`/organisations/<id>/projects/<n>/files`), in any language, a deliverable's new version
 * (its former address `/admin/clients/<id>/projects/<n>/deliverables/<n>/versions`, which sends
 * the post on to the project's page: VERSION_UPLOAD_PAGE below) and the agency's side of a
 * project's files (`/admin/clients/<id>/projects/<n>/files`).
 */
const FILE_UPLOAD_ROUTE =
  /^(?:(?:\/(?:sw|fr))?\/(?:files\/[0-9a-fA-F-]{36}\/?|organisations\/[0-9a-fA-F-]{36}\/projects\/\d{1,18}\/files)|\/admin\/clients\/[0-9a-fA-F-]{36}\/projects\/\d{1,18}\/(?:deliverables\/\d{1,18}\/versions|files))$/;

/**
 * A deliverable's new version, posted to the agency's project page itself with
 * `?upload=<deliverable>` (app/web/deliverable-upload.server.ts), and its `.data` twin (a JS
 * submission): only with that query is the page's body a file upload.
 */
const VERSION_UPLOAD_PAGE = /^\/admin\/clients\/[0-9a-fA-F-]{36}\/projects\/\d{1,18}(?:\.data)?$/;
const VERSION_UPLOAD_QUERY = /(?:^|&)upload=\d{1,18}(?:&|$)/;

/** The query of a request target (`/a?b=c` → `b=c`; "" without one). */
export function queryOf(target: string): string {
  const at = target.indexOf("?");
  return at < 0 ? "" : target.slice(at + 1);
}

/**
 * A project's resumable upload (tus 1.0.0, proxied to Storage:
 * app/web/resumable-files.server.ts): its create, offset and part requests, in any language.
 */
const RESUMABLE_ROUTE =
  /^(?:\/(?:sw|fr))?\/organisations\/[0-9a-fA-F-]{36}\/projects\/\d{1,18}\/files\/resumable(?:\/[A-Za-z0-9_-]{1,1400})?$/;

/**
 * A resumable upload's request: not an HTML form (a part is `application/offset+octet-stream`,
 * a creation has no body), so the server lets it past the forms-only rule; its body is a file
 * upload's (streamed on unread, within 50 MB).
 */
export function isResumableRoute(path: string): boolean {
  return RESUMABLE_ROUTE.test(path);
}

/**
 * A private file's upload: its body goes to the app unread and is streamed on to Storage as it
 * arrives, so it is not held against the process's body budget (only its length is bounded).
 */
export function isFileUploadRoute(path: string, query = ""): boolean {
  return (
    FILE_UPLOAD_ROUTE.test(path) ||
    RESUMABLE_ROUTE.test(path) ||
    (VERSION_UPLOAD_PAGE.test(path) && VERSION_UPLOAD_QUERY.test(query))
  );
}

export interface BodyLimit {
  bytes: number;
  /** The 413 page's message. */
  message: string;
}

/**
 * How large a request body may be: 1 MB everywhere, but the upload routes take an image of up
 * to 5 MB plus the rest of their form (post content is at most 200 KB) and multipart framing,
 * and a private file's upload up to 50 MB and its framing.
 */
export function bodyLimitFor(path: string, query = ""): BodyLimit {
  if (isFileUploadRoute(path, query)) {
    return {
      bytes: FILE_UPLOAD_MAX_BYTES + 64 * 1024,
      message: "The file is larger than 50 MB. Send a smaller one, or split it.",
    };
  }
  if (isUploadRoute(path)) {
    return {
      bytes: UPLOAD_MAX_BYTES + 256 * 1024,
      message: "The image is larger than 5 MB. Choose a smaller file or resize it first.",
    };
  }
  return { bytes: 1024 * 1024, message: "The submitted data is larger than 1 MB." };
}

import { updateAlt } from "~/domain/media/library.server";
import { MEDIA_MESSAGES } from "~/domain/media/limits";
import { mediaUploadSchema } from "~/domain/media/schema.server";
import { coverUrlOf } from "~/domain/media/urls";
import { translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { readSubmission } from "~/infra/forms.server";
import { STATUS_OF } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import { storeUploadedFile, uploadMessageIn } from "~/web/uploads.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/media-upload";

const json = (body: object, status = 200) =>
  Response.json(body, { status, headers: cacheHeaders("private") });

/**
 * POST /admin/media/upload (multipart `file`, `alt`): the editor's upload with a progress bar
 * (JS only). Answers `{ url, hash, width, height }` or `{ error }` with the failure's status —
 * the same checks and messages as the form posts without JS.
 */
export async function action(args: Route.ActionArgs) {
  // The admin layout's middleware ran first: nobody but an admin gets a byte of the upload read
  // (server/request-body.ts).
  const { user } = args.context.get(viewerContext);
  const read = await readSubmission(args.request, mediaUploadSchema, {
    extra: { file: 1 },
    multipart: true,
  });
  if (!read.ok) return json({ error: read.message }, 400);
  if (read.submission.status !== "success") {
    return json({ error: Object.values(read.submission.error ?? {}).flat()[0] ?? "Invalid" }, 400);
  }
  const stored = await storeUploadedFile(args.context, user, read.formData, "file");
  // Its refusals in the admin's language, as the form posts without JS say them.
  const t = translator(adminLocale(args.request));
  if (!stored.ok)
    return json({ error: uploadMessageIn(t, stored.message) }, STATUS_OF[stored.kind]);
  if (!stored.value) return json({ error: uploadMessageIn(t, MEDIA_MESSAGES.noFile) }, 400);
  const { hash, width, height } = stored.value;
  if (read.submission.value.alt) {
    await updateAlt(getSupabase(args.context), hash, { alt: read.submission.value.alt });
  }
  return json({ url: coverUrlOf(hash), hash, width, height });
}

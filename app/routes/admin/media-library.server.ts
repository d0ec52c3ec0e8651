import { data } from "react-router";
import { pageNumber } from "~/domain/admin/pagination";
import { mediaLibrarySchema } from "~/domain/media/form-schema.server";
import { deleteImage, listMedia, updateAlt } from "~/domain/media/library.server";
import { MEDIA_MESSAGES } from "~/domain/media/limits";
import { announceContentChange } from "~/infra/content-events";
import { readSubmission } from "~/infra/forms.server";
import { failedForm, invalidForm, rejectedForm, STATUS_OF } from "~/infra/replies.server";
import { getSupabase, requireAdmin } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import type { FormReply } from "~/lib/form-reply";
import { fail } from "~/lib/result";
import type { Route } from "./+types/media-library";
import { storeUploadedFile } from "./media-upload.server";

/** What the library's forms get back: which image a message is about, besides the reply. */
export type MediaReply = FormReply & { hash?: string };

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const page = pageNumber(args.url.searchParams.get("page"));
  const listed = await listMedia(getSupabase(args.context), page);
  if (!listed.ok) return { items: [], page, total: 0, error: listed.message };
  return { ...listed.value, error: null };
}

const back = (request: Request) => {
  const page = new URL(request.url).searchParams.get("page");
  return page ? `/admin/media?page=${encodeURIComponent(page)}` : "/admin/media";
};

/**
 * Upload (multipart `file` + `alt`), save alt text (`intent=alt`) and delete (`intent=delete`,
 * refused with the posts' titles while a post uses the image). Plain form posts: they work
 * without JS and redirect back with a toast.
 */
export async function action(args: Route.ActionArgs) {
  // The guard first: nobody but an admin gets a byte of the upload read (server/request-body.ts).
  const user = await requireAdmin(args);
  const read = await readSubmission(args.request, mediaLibrarySchema, {
    extra: { intent: 1, file: 1 },
    multipart: true,
  });
  if (!read.ok) return rejectedForm(read);
  const { submission, formData } = read;
  const intent = formData.get("intent");
  const supabase = getSupabase(args.context);
  if (intent === "upload") {
    const stored = await storeUploadedFile(args.context, user, formData, "file");
    const failure = !stored.ok
      ? stored
      : stored.value
        ? null
        : fail("invalid", MEDIA_MESSAGES.noFile);
    if (failure || !stored.ok || !stored.value) {
      const message = failure?.message ?? MEDIA_MESSAGES.noFile;
      const result = {
        initialValue: { alt: String(formData.get("alt") ?? "") },
        error: { file: [message] },
      };
      return data<MediaReply>({ result }, { status: STATUS_OF[failure?.kind ?? "invalid"] });
    }
    if (submission.status === "success" && submission.value.alt) {
      await updateAlt(supabase, stored.value.hash, submission.value.alt);
    }
    return redirectWithToast(back(args.request), { type: "success", title: "Image uploaded" });
  }
  if (submission.status !== "success" || !submission.value.hash) return invalidForm(submission);
  const { hash, alt } = submission.value;
  const done =
    intent === "delete" ? await deleteImage(supabase, hash) : await updateAlt(supabase, hash, alt);
  if (!done.ok) return failedForm(done, submission, { extra: { hash } });
  announceContentChange(args.context, { kind: "media" });
  return redirectWithToast(back(args.request), {
    type: "success",
    title: intent === "delete" ? "Image deleted" : "Alt text saved",
  });
}

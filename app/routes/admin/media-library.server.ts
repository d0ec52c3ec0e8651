import { data } from "react-router";
import { pageNumber } from "~/domain/admin/pagination";
import { altTranslationsOf } from "~/domain/media/alt-text";
import { deleteImage, listMedia, type StoredImage, updateAlt } from "~/domain/media/library.server";
import { MEDIA_LIMITS, MEDIA_MESSAGES } from "~/domain/media/limits";
import { mediaLibrarySchema } from "~/domain/media/schema.server";
import { MEDIA_HASH } from "~/domain/media/urls";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import { announceContentChange } from "~/infra/content-events";
import { readSubmission } from "~/infra/forms.server";
import type { FormReply } from "~/lib/form-reply";
import { fail } from "~/lib/result";
import {
  type FormAnswer,
  failedForm,
  rejectedForm,
  replyOf,
  STATUS_OF,
} from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast, type ToastInput } from "~/web/toast.server";
import { storeUploadedFile, uploadMessageIn } from "~/web/uploads.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/media-library";

/** What the library's forms get back: which image a message is about, besides the reply. */
export type MediaReply = FormReply & { hash?: string };

/**
 * The library in the admin's language (the `lang` cookie). `?uploaded=<hash>` puts the image
 * just uploaded first and marks it (`&again=1`: it was in the library already).
 */
export async function loader(args: Route.LoaderArgs) {
  const locale = adminLocale(args.request);
  const t = translator(locale);
  const params = args.url.searchParams;
  const page = pageNumber(params.get("page"));
  const hash = params.get("uploaded") ?? "";
  const uploaded = MEDIA_HASH.test(hash) ? { hash, again: params.get("again") === "1" } : null;
  const listed = await listMedia(getSupabase(args.context), page, uploaded?.hash);
  const shown = listed.ok ? listed.value : { items: [], page, total: 0 };
  return {
    ...shown,
    uploaded,
    locale,
    recommendedWidth: MEDIA_LIMITS.recommendedWidth,
    countLabel: t("mediaLibrary.count", { count: shown.total }),
    error: listed.ok ? null : listed.message,
    i18n: bundle(locale, ["mediaLibrary"]),
  };
}

const back = (request: Request) => {
  const page = new URL(request.url).searchParams.get("page");
  return page ? `/admin/media?page=${encodeURIComponent(page)}` : "/admin/media";
};

/**
 * The toast after an upload: already in the library (nothing stored twice) or uploaded, and a
 * warning when the image is narrower than a cover should be (it was stored all the same).
 */
function uploadedToast(t: Translator, image: StoredImage): ToastInput {
  const recommended = MEDIA_LIMITS.recommendedWidth;
  const small =
    image.width < recommended
      ? t("mediaLibrary.toasts.small", { width: image.width, recommended })
      : undefined;
  if (image.existed) {
    const description = [t("mediaLibrary.toasts.alreadyText"), small].filter(Boolean).join(" ");
    return { type: "info", title: t("mediaLibrary.toasts.already"), description };
  }
  return small
    ? { type: "warning", title: t("mediaLibrary.toasts.uploaded"), description: small }
    : { type: "success", title: t("mediaLibrary.toasts.uploaded") };
}

/**
 * Upload (multipart `file` + `alt`), save alt texts (`intent=alt`) and delete (`intent=delete`,
 * refused with the posts' titles while a post uses the image). Plain form posts: they work
 * without JS and redirect back with a toast in the admin's language.
 */
export async function action(args: Route.ActionArgs): Promise<FormAnswer<MediaReply>> {
  // The admin layout's middleware ran first: nobody but an admin gets a byte of the upload read
  // (server/request-body.ts).
  const { user } = args.context.get(viewerContext);
  const t = translator(adminLocale(args.request));
  const read = await readSubmission(args.request, mediaLibrarySchema(t.locale), {
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
      const message = uploadMessageIn(t, failure?.message ?? MEDIA_MESSAGES.noFile);
      const result = {
        initialValue: { alt: String(formData.get("alt") ?? "") },
        error: { file: [message] },
      };
      return data<MediaReply>({ result }, { status: STATUS_OF[failure?.kind ?? "invalid"] });
    }
    const image = stored.value;
    if (submission.status === "success" && submission.value.alt) {
      await updateAlt(supabase, image.hash, { alt: submission.value.alt });
      // An image already shown on the site may have a new alt text.
      if (image.existed) announceContentChange(args.context, { kind: "media" });
    }
    const again = image.existed ? "&again=1" : "";
    return redirectWithToast(
      `/admin/media?uploaded=${image.hash}${again}`,
      uploadedToast(t, image),
    );
  }
  const typedHash = String(formData.get("hash") ?? "");
  if (submission.status !== "success" || !submission.value.hash) {
    const hash = MEDIA_HASH.test(typedHash) ? typedHash : undefined;
    return data<MediaReply>({ result: replyOf(submission), hash }, { status: 400 });
  }
  const { hash, alt, alt_sw, alt_fr, decorative } = submission.value;
  const done =
    intent === "delete"
      ? await deleteImage(supabase, hash)
      : await updateAlt(supabase, hash, {
          alt,
          alt_translations: altTranslationsOf({ sw: alt_sw, fr: alt_fr }),
          decorative,
        });
  if (!done.ok) return failedForm(done, submission, { extra: { hash } });
  announceContentChange(args.context, { kind: "media" });
  return redirectWithToast(back(args.request), {
    type: "success",
    title: t(intent === "delete" ? "mediaLibrary.toasts.deleted" : "mediaLibrary.toasts.altSaved"),
  });
}

import { data, type RouterContextProvider } from "react-router";
import { smallCoverWarning } from "~/domain/media/details.server";
import { coverUrlOf } from "~/domain/media/urls";
import { deletePost, getPost, savePost } from "~/domain/posts/admin.server";
import { parsePostId } from "~/domain/posts/queries.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { postFormSchema } from "~/domain/posts/schema.server";
import { localizeFailure } from "~/i18n/failures.server";
import type { MessageKey } from "~/i18n/messages";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import { announceContentChange } from "~/infra/content-events";
import { readSubmission, validateForm } from "~/infra/forms.server";
import type { FormReply } from "~/lib/form-reply";
import type { Failure } from "~/lib/result";
import { type FormAnswer, rejectedForm, STATUS_OF } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { makeToast, redirectWithToast } from "~/web/toast.server";
import { adminLocale } from "./site-editor.server";
import { storeUploadedFile, uploadMessageIn } from "./uploads.server";
import { viewerContext } from "./viewer.server";

/**
 * The post editor's server side (/admin/posts/new and /admin/posts/:id): loading the post,
 * preview, save and delete. Route modules stay one-liners around these.
 */
type RouteArgs = {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};

/** What the editor gets back from its action: typed values, field errors, preview, toast. */
export type EditorReply = FormReply & { preview?: string };

/**
 * The editor's words in the admin's language (the `lang` cookie): its messages for the page (the
 * post's read time and the cover's upload refusals, which the browser checks too, among them)
 * and the translator of its answers.
 */
export function editorI18n(request: Request): { t: Translator; i18n: ReturnType<typeof bundle> } {
  const locale = adminLocale(request);
  const messages = ["postEditor", "mediaLibrary.errors", "blog.readTime", "blog.readTimeText"];
  return { t: translator(locale), i18n: bundle(locale, messages) };
}

const notFound = (t: Translator) =>
  data({ message: t("postEditor.errors.notFound") }, { status: 404 });

/** The post of `/admin/posts/:id`; an unknown or malformed id answers 404. */
export async function requirePost(args: RouteArgs, t: Translator) {
  const id = parsePostId(args.params.id);
  const found = id === null ? null : await getPost(getSupabase(args.context), id);
  if (found?.ok) return found.value;
  if (!found || found.kind === "not-found") throw notFound(t);
  throw new Error(found.message);
}

/** The editor's sanitized preview of a draft, exactly as the blog will render it. */
export function previewHtml(content: unknown): string {
  return sanitizePostHtml(typeof content === "string" ? content : "");
}

function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") values[name] = value;
  return values;
}

/** The post being edited, or the failure to show (404 when it vanished). */
async function existingPost(args: RouteArgs, t: Translator) {
  const id = parsePostId(args.params.id);
  if (id === null) throw notFound(t);
  const found = await getPost(getSupabase(args.context), id);
  if (!found.ok && found.kind === "not-found") throw notFound(t);
  return found;
}

/** A backend failure as a toast (title + the backend's message), the typed values kept. */
function backendProblem(
  t: Translator,
  title: MessageKey,
  failure: Failure,
  result?: EditorReply["result"],
) {
  const description = localizeFailure(failure, t).message;
  const toast = makeToast({ type: "error", title: t(title), description });
  return data<EditorReply>({ result, toast }, { status: STATUS_OF[failure.kind] });
}

/**
 * A refused cover upload: its message next to the file field, every typed value kept, the
 * failure's status (413 too large, 422 not an image…).
 */
function coverProblem(t: Translator, failure: Failure, formData: FormData) {
  const error = { cover_file: [uploadMessageIn(t, failure.message)] };
  const result = { initialValue: typedValues(formData), error };
  return data<EditorReply>(
    { result, preview: previewHtml(formData.get("content")) },
    { status: STATUS_OF[failure.kind] },
  );
}

/**
 * The editor's action (new and edit): a chosen cover file (`cover_file`, multipart) is stored
 * in the media library first and becomes the cover URL; `intent=preview` answers the sanitized
 * preview with the typed values; `intent=delete` (edit, after the confirm step) deletes;
 * anything else saves. Saving answers 400 with field errors, 502 with a toast when the backend
 * fails (the typed values come back either way), or redirects to the list with a toast saying
 * where the post now is ("Published: on the blog now", "Saved as a draft: not on the blog yet"…).
 */
export async function editorAction(
  args: RouteArgs,
  mode: "new" | "edit",
): Promise<FormAnswer<EditorReply>> {
  // The admin layout's middleware ran first: nobody but an admin gets a byte of the upload read
  // (server/request-body.ts).
  const { user } = args.context.get(viewerContext);
  const { t } = editorI18n(args.request);
  const schema = postFormSchema(t.locale);
  const read = await readSubmission(args.request, schema, {
    extra: { intent: 1, cover_file: 1 },
    multipart: true,
  });
  if (!read.ok) return rejectedForm(read);
  const { formData } = read;
  const intent = formData.get("intent");
  const cover =
    intent === "delete"
      ? null
      : await storeUploadedFile(args.context, user, formData, "cover_file");
  if (cover && !cover.ok) return coverProblem(t, cover, formData);
  if (cover?.value) formData.set("cover_image", coverUrlOf(cover.value.hash));
  const submission = cover?.value ? validateForm(formData, schema) : read.submission;
  if (intent === "preview") {
    const preview = previewHtml(formData.get("content"));
    return data<EditorReply>({ preview, result: { initialValue: typedValues(formData) } });
  }
  const supabase = getSupabase(args.context);
  if (mode === "edit" && intent === "delete") {
    const existing = await existingPost(args, t);
    const deleted = existing.ok ? await deletePost(supabase, existing.value.id) : existing;
    if (!deleted.ok) return backendProblem(t, "postEditor.toasts.deleteFailed", deleted);
    announceContentChange(args.context, { kind: "posts" });
    const title = t("postEditor.toasts.deleted");
    return redirectWithToast("/admin/posts", { type: "success", title });
  }
  if (submission.status !== "success") {
    return data<EditorReply>({ result: submission.reply() }, { status: 400 });
  }
  const existing = mode === "edit" ? await existingPost(args, t) : undefined;
  const saved =
    existing && !existing.ok
      ? existing
      : await savePost(supabase, user, submission.value, existing?.value);
  if (!saved.ok) {
    return backendProblem(t, "postEditor.toasts.saveFailed", saved, submission.reply());
  }
  announceContentChange(args.context, { kind: "posts" });
  const before = existing?.ok ? existing.value.cover_image : null;
  const small =
    submission.value.cover_image !== before
      ? await smallCoverWarning(supabase, submission.value.cover_image, t)
      : undefined;
  const title = t(
    savedTitle(existing?.ok ? existing.value.published : false, submission.value.published),
  );
  return redirectWithToast(
    "/admin/posts",
    small ? { type: "warning", title, description: small } : { type: "success", title },
  );
}

/** What a save did to the post's place on the blog, as its toast says it. */
export function savedTitle(wasPublished: boolean, published: boolean): MessageKey {
  if (published) return wasPublished ? "postEditor.toasts.saved" : "postEditor.toasts.published";
  return wasPublished ? "postEditor.toasts.unpublished" : "postEditor.toasts.draft";
}

import { useMemo } from "react";
import { Form, Link } from "react-router";
import { answerKey } from "~/components/forms/answer-key";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { TextareaField } from "~/components/forms/textarea-field";
import { useIsPending } from "~/components/forms/use-pending";
import { POST_LIMITS } from "~/domain/posts/limits";
import { primaryButton, saveBar, secondaryButton } from "./admin-page";
import { CheckboxField } from "./checkbox-field";
import { CoverField } from "./cover-field";
import { PreviewPanel, useLivePreview } from "./live-preview";
import type { PostFormDefaults } from "./post-form-defaults";
import { PostLanguageFields } from "./post-language-fields";
import { useCoverUpload } from "./use-cover-upload";

type FieldErrors = Record<string, string[] | null | undefined> | null | undefined;

/**
 * The post form of /admin/posts/new and /admin/posts/:id. A plain POST form: Save and Preview
 * work without JS (Preview re-renders the page with the typed values and the sanitized preview);
 * with JS the preview also follows the content as it is typed.
 */
export function PostEditor({
  defaults,
  errors,
  preview,
  children,
}: {
  defaults: PostFormDefaults;
  errors?: FieldErrors;
  preview: string;
  /** Extra actions next to Save / Preview (e.g. Delete). */
  children?: React.ReactNode;
}) {
  const saving = useIsPending({ intent: "save" });
  const previewing = useIsPending({ intent: "preview" });
  const live = useLivePreview(preview);
  const upload = useCoverUpload();
  const fieldErrors = (name: string) => errors?.[name] ?? undefined;
  // The summary focuses once per answer: one object per answer's errors.
  const answer = useMemo(() => ({ result: { error: errors } }), [errors]);

  return (
    <>
      <Form
        key={answerKey(errors)}
        method="post"
        encType="multipart/form-data"
        onSubmit={upload.onSubmit}
        className="space-y-6"
        aria-label="Post"
      >
        <ErrorSummary answer={answer} />
        <Field
          label="Title"
          name="title"
          defaultValue={defaults.title}
          errors={fieldErrors("title")}
          required
          maxLength={POST_LIMITS.title}
        />
        <TextareaField
          label="Excerpt"
          name="excerpt"
          rows={3}
          defaultValue={defaults.excerpt}
          errors={fieldErrors("excerpt")}
          maxLength={POST_LIMITS.excerpt}
          hint={`A short summary for the blog list (up to ${POST_LIMITS.excerpt} characters).`}
        />
        <TextareaField
          label="Content (HTML)"
          name="content"
          rows={16}
          defaultValue={defaults.content}
          errors={fieldErrors("content")}
          onInput={(event) => live.schedule(event.currentTarget.value)}
          inputClassName="font-mono text-sm"
          hint="Headings, paragraphs, lists, links, images, code, quotes and tables. Anything else is removed when the post is saved."
        />
        <CoverField
          defaultUrl={defaults.cover_image}
          urlErrors={fieldErrors("cover_image")}
          fileErrors={fieldErrors("cover_file")}
          upload={upload}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <Field
            label="Categories"
            name="categories"
            defaultValue={defaults.categories}
            errors={fieldErrors("categories")}
            hint="Comma-separated, e.g. Web Development, Business. A new name adds a category (its other languages: Blog categories); a translation keeps its original's."
          />
          <Field
            label="Tags"
            name="tags"
            defaultValue={defaults.tags}
            errors={fieldErrors("tags")}
            hint="Comma-separated, e.g. seo, website. A new name adds a tag (its other languages: Blog tags); a translation keeps its original's."
          />
        </div>
        <PostLanguageFields />
        <CheckboxField
          label="Published"
          name="published"
          defaultChecked={defaults.published}
          hint="Ticked, the post is on the blog as soon as you save. Unticked, it is saved as a draft that readers do not see. New posts start as drafts."
        />
        {/* Save and Preview stay in reach on a phone (the form is several screens long):
            a bar stuck to the bottom of the screen while the form is on it, CSS only. */}
        <div className={saveBar} data-testid="save-bar">
          <button
            type="submit"
            name="intent"
            value="save"
            className={primaryButton}
            disabled={saving || upload.progress !== null}
          >
            {saving ? "Saving..." : upload.progress !== null ? "Uploading..." : "Save"}
          </button>
          <button
            type="submit"
            name="intent"
            value="preview"
            formNoValidate
            className={secondaryButton}
            disabled={previewing}
          >
            Preview
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/admin/posts" className={secondaryButton}>
            Cancel
          </Link>
          {children}
        </div>
      </Form>
      <PreviewPanel html={live.html} updating={live.updating} />
    </>
  );
}

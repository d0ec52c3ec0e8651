import { useMemo } from "react";
import { Form, Link } from "react-router";
import { answerKey } from "~/components/forms/answer-key";
import { ErrorSummary, type LabelOf } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { TextareaField } from "~/components/forms/textarea-field";
import { useIsPending } from "~/components/forms/use-pending";
import { POST_LIMITS } from "~/domain/posts/limits";
import { type Translate, useT } from "~/i18n/use-t";
import { primaryButton, saveBar, secondaryButton } from "./admin-page";
import { CheckboxField } from "./checkbox-field";
import { CoverField } from "./cover-field";
import { PreviewPanel, useLivePreview } from "./live-preview";
import type { PostFormDefaults } from "./post-form-defaults";
import { PostLanguageFields } from "./post-language-fields";
import { useCoverUpload } from "./use-cover-upload";

type FieldErrors = Record<string, string[] | null | undefined> | null | undefined;

/** The labels of the post's fields, for the error summary's links. */
function postFieldLabels(t: Translate): LabelOf {
  const labels: Record<string, string> = {
    title: t("postEditor.fields.title"),
    excerpt: t("postEditor.fields.excerpt"),
    content: t("postEditor.fields.content"),
    cover_image: t("postEditor.cover.url"),
    cover_file: t("postEditor.cover.upload"),
    categories: t("postEditor.fields.categories"),
    tags: t("postEditor.fields.tags"),
    lang: t("postEditor.fields.language"),
    translation_of: t("postEditor.fields.translationOf"),
  };
  return (name) => labels[name];
}

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
  const t = useT();
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
        aria-label={t("postEditor.form")}
      >
        <ErrorSummary answer={answer} labelOf={postFieldLabels(t)} />
        <Field
          label={t("postEditor.fields.title")}
          name="title"
          defaultValue={defaults.title}
          errors={fieldErrors("title")}
          required
          maxLength={POST_LIMITS.title}
        />
        <TextareaField
          label={t("postEditor.fields.excerpt")}
          name="excerpt"
          rows={3}
          defaultValue={defaults.excerpt}
          errors={fieldErrors("excerpt")}
          maxLength={POST_LIMITS.excerpt}
          hint={t("postEditor.fields.excerptHint", { max: POST_LIMITS.excerpt })}
        />
        <TextareaField
          label={t("postEditor.fields.content")}
          name="content"
          rows={16}
          defaultValue={defaults.content}
          errors={fieldErrors("content")}
          onInput={(event) => live.schedule(event.currentTarget.value)}
          inputClassName="font-mono text-sm"
          hint={t("postEditor.fields.contentHint")}
        />
        <CoverField
          defaultUrl={defaults.cover_image}
          urlErrors={fieldErrors("cover_image")}
          fileErrors={fieldErrors("cover_file")}
          upload={upload}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <Field
            label={t("postEditor.fields.categories")}
            name="categories"
            defaultValue={defaults.categories}
            errors={fieldErrors("categories")}
            hint={t("postEditor.fields.categoriesHint")}
          />
          <Field
            label={t("postEditor.fields.tags")}
            name="tags"
            defaultValue={defaults.tags}
            errors={fieldErrors("tags")}
            hint={t("postEditor.fields.tagsHint")}
          />
        </div>
        <PostLanguageFields />
        <CheckboxField
          label={t("postEditor.fields.published")}
          name="published"
          defaultChecked={defaults.published}
          hint={t("postEditor.fields.publishedHint")}
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
            {saving
              ? t("postEditor.actions.saving")
              : upload.progress !== null
                ? t("postEditor.actions.uploading")
                : t("postEditor.actions.save")}
          </button>
          <button
            type="submit"
            name="intent"
            value="preview"
            formNoValidate
            className={secondaryButton}
            disabled={previewing}
          >
            {t("postEditor.actions.preview")}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/admin/posts" className={secondaryButton}>
            {t("postEditor.actions.cancel")}
          </Link>
          {children}
        </div>
      </Form>
      <PreviewPanel html={live.html} updating={live.updating} />
    </>
  );
}

import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";

export interface PostRow {
  id: number;
  body: string;
  at: string;
  byline: string;
}

/** Posts, newest first: each one's words (line breaks kept) and who wrote it when. */
export function PostList({ posts, empty }: { posts: PostRow[]; empty: string }) {
  if (posts.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ol className="space-y-4">
      {posts.map((post) => (
        <li key={post.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <p className="whitespace-pre-line break-words text-slate-900">{post.body}</p>
          <p className="mt-2 text-sm text-slate-700">
            <time dateTime={post.at}>{post.byline}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

const TEXT = {
  update: {
    heading: "projects.updatesHeading",
    hint: "projects.updatesHint",
    label: "projects.updateLabel",
    submit: "projects.postUpdate",
    empty: "projects.noUpdates",
  },
  note: {
    heading: "projects.notesHeading",
    hint: "projects.notesHint",
    label: "projects.noteLabel",
    submit: "projects.postNote",
    empty: "projects.noNotes",
  },
} as const;

/**
 * The agency's side of a project's posts of one kind — updates the client reads, or internal
 * notes nobody else does: what it is, the form that adds one (after a refusal: its error
 * summary, from `answer`, and what was typed), then the posts.
 */
export function ProjectPosts({
  kind,
  posts,
  reply,
  answer,
}: {
  kind: "update" | "note";
  posts: PostRow[] | null;
  reply?: FieldReply;
  /** The action's answer to this form (its error summary). */
  answer?: unknown;
}) {
  const t = useT();
  const text = TEXT[kind];
  const id = `project-${kind}s`;
  return (
    <section aria-labelledby={id} className="mb-10 max-w-2xl">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {t(text.heading)}
      </h2>
      <p className="mb-4 text-slate-700">{t(text.hint)}</p>
      <Form method="post" noValidate className="mb-6 space-y-4">
        <ErrorSummary
          answer={answer}
          labelOf={(name) => (name === "body" ? t(text.label) : undefined)}
        />
        <input type="hidden" name="intent" value={kind} />
        <TextareaField
          label={t(text.label)}
          name="body"
          rows={4}
          required
          maxLength={5000}
          defaultValue={typedValue(reply, "body")}
          errors={fieldErrors(reply, "body")}
        />
        <SubmitButton pendingLabel={t("projects.posting")}>{t(text.submit)}</SubmitButton>
      </Form>
      {posts ? <PostList posts={posts} empty={t(text.empty)} /> : null}
    </section>
  );
}

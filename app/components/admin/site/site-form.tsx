import { type ReactNode, useState } from "react";
import { Form, Link } from "react-router";
import { answerKey } from "~/components/forms/answer-key";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useIsPending } from "~/components/forms/use-pending";
import type { Draft } from "~/domain/site/editor/draft";
import { type KindSpec, ROW_TYPES } from "~/domain/site/editor/fields";
import { useT } from "~/i18n/use-t";
import { primaryButton, saveBar, secondaryButton } from "../admin-page";
import { FieldInput, type FormChoices } from "./field-input";
import { siteFieldLabels } from "./field-labels";

/** The control an answer names to keep focus (a Remove answered without JS). */
const focusOf = (answer: object | undefined) =>
  answer && "focus" in answer && typeof answer.focus === "string" ? answer.focus : undefined;

/** The list an answer changed (an Add or a Remove answered without JS): it stays unfolded. */
const unfoldOf = (answer: object | undefined) =>
  answer && "unfold" in answer && typeof answer.unfold === "string" ? answer.unfold : undefined;

/** Whether `errors` has one for field `name` or any of its rows. */
const hasErrorIn = (errors: Record<string, string[]> | null | undefined, name: string) =>
  Object.keys(errors ?? {}).some(
    (key) => key === name || key.startsWith(`${name}[`) || key.startsWith(`${name}.`),
  );

/**
 * The editor form of any kind, built from its descriptor: a plain POST form (multipart when it
 * uploads an image) that works without JS. The hidden `version` is the one the form was opened
 * with: a save after someone else's is refused with the conflict message.
 *
 * Long editors stay in reach on a phone (issue 44, item 6): each list (features, process steps,
 * technologies, tags, offices, social links) folds into a `<details>` that opens by itself when
 * it holds an error or was just changed, and Save and Preview are a bar that sticks to the
 * bottom of the screen while the form is on it (CSS only: `position: sticky`).
 */
export function SiteForm({
  kind,
  draft,
  errors,
  version,
  choices,
  answer,
  cancelTo,
  children,
}: {
  kind: KindSpec;
  draft: Draft;
  errors?: Record<string, string[]> | null;
  version: string;
  choices: FormChoices;
  /** The action's answer (a new one re-keys the form; its errors fill the summary). */
  answer?: object;
  cancelTo: string;
  /** Extra actions beside Save (Delete, History). */
  children?: ReactNode;
}) {
  const t = useT();
  const saving = useIsPending({ intent: "save" });
  const previewing = useIsPending({ intent: "preview" });
  const errorsOf = (name: string) => errors?.[name] ?? undefined;
  // The lists the admin opened (JS): they stay open across answers (the form is re-keyed).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const foldOf = (name: string) => ({
    open: opened.has(name) || unfoldOf(answer) === name || hasErrorIn(errors, name),
    onToggle: (open: boolean) =>
      setOpened((current) => {
        if (current.has(name) === open) return current;
        const next = new Set(current);
        if (open) next.add(name);
        else next.delete(name);
        return next;
      }),
  });
  const multipart = kind.fields.some((field) => field.type === "image");
  const croppers = new Set(kind.fields.flatMap((field) => field.focusField ?? []));
  return (
    <Form
      key={answerKey(answer)}
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      noValidate
      className="space-y-8"
      aria-label={t(kind.title)}
    >
      {/* Enter in a text field submits with the first button: Save, never a row's Remove. */}
      <button
        type="submit"
        name="intent"
        value="save"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
      >
        {t("siteEditor.form.save")}
      </button>
      <input type="hidden" name="version" value={version} />
      <ErrorSummary answer={answer} labelOf={siteFieldLabels(kind, t)} />
      {kind.fields.map((field, index) => {
        // A crop is shown with the image it crops (beside its preview), not on its own.
        if (croppers.has(field.name)) return null;
        const crop = kind.fields.find((other) => other.name === field.focusField);
        const common = { draft, errorsOf, choices } as const;
        return (
          <FieldInput
            key={field.name}
            first={index === 0}
            field={field}
            {...common}
            focus={focusOf(answer)}
            fold={ROW_TYPES.includes(field.type) ? foldOf(field.name) : undefined}
            crop={crop ? <FieldInput field={crop} {...common} /> : undefined}
          />
        );
      })}
      <div className={saveBar} data-testid="save-bar">
        <button
          type="submit"
          name="intent"
          value="save"
          className={primaryButton}
          disabled={saving}
        >
          {saving ? t("siteEditor.form.saving") : t("siteEditor.form.save")}
        </button>
        {kind.preview ? (
          <button
            type="submit"
            name="intent"
            value="preview"
            className={secondaryButton}
            disabled={previewing}
          >
            {previewing ? t("siteEditor.form.previewing") : t("siteEditor.form.preview")}
          </button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={cancelTo} className={secondaryButton}>
          {t("siteEditor.form.cancel")}
        </Link>
        {children}
      </div>
    </Form>
  );
}

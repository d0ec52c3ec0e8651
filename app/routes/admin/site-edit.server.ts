import { data } from "react-router";
import { coverUrlOf } from "~/domain/media/urls";
import {
  type Draft,
  draftFromForm,
  draftFromRow,
  rowsFocusAfterRemove,
  withoutBlankRows,
  withRowAdded,
  withRowRemoved,
} from "~/domain/site/editor/draft";
import { fileFieldOf, type KindSpec, ROW_TYPES } from "~/domain/site/editor/fields";
import {
  createItem,
  deleteItem,
  type ItemFailure,
  type ItemId,
  saveItem,
} from "~/domain/site/editor/items.server";
import { itemName } from "~/domain/site/editor/list-view";
import { type SitePreview, sitePreview } from "~/domain/site/editor/preview.server";
import {
  columnsOf,
  editorForm,
  type FieldErrors,
  validateDraft,
} from "~/domain/site/editor/schema.server";
import { withNumbersShown } from "~/domain/site/editor/settings-fields.server";
import type { Translator } from "~/i18n/translate.server";
import { readForm } from "~/infra/forms.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { Toast } from "~/lib/toast";
import type { AdminArgs } from "~/web/admin-form.server";
import { type FormAnswer, STATUS_OF } from "~/web/replies.server";
import {
  doneWith,
  editorLanguage,
  notFound,
  siteEditorArgs,
  unknownIntent,
} from "~/web/site-editor.server";
import { editorChoices, pricesOf, priceWordsOf, requireItem } from "~/web/site-form-data.server";
import { makeToast } from "~/web/toast.server";
import { storeUploadedFile, uploadMessageIn } from "~/web/uploads.server";

/**
 * /admin/{kind}/new, /admin/{kind}/:id and /admin/settings: one form per item, built from the
 * kind's descriptor. Save validates everything on the server and answers the typed values with
 * each error next to its field; Add / Remove re-render the form with a row more or less (no
 * JS needed); Preview renders the page as visitors will see it; Delete follows its
 * confirmation step (`?delete=1`).
 */
export interface EditorReply {
  draft?: Draft;
  /** The version the form was opened with (a stale save keeps failing until reloaded). */
  version?: string;
  errors?: FieldErrors;
  formError?: string | null;
  toast?: Toast;
  preview?: SitePreview | null;
  prices?: ReturnType<typeof pricesOf>;
  /** After a Remove without JS: the control that keeps focus (draft.ts, rowsFocusAfterRemove). */
  focus?: string;
  /** After an Add or a Remove without JS: the list that changed, shown unfolded. */
  unfold?: string;
}

/** The item of the URL: null for /new; 404 for a forged id or a kind without "new". */
function itemIdOf(args: AdminArgs, kind: KindSpec): ItemId | null {
  if (kind.ids === "settings") return "site";
  if (/\/new(?:\.data)?$/.test(args.url.pathname)) return kind.can.create ? null : notFound();
  const raw = args.params.id;
  if (kind.ids === "legal") return raw === "terms" || raw === "privacy" ? raw : notFound();
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : notFound();
}

export async function loader(args: AdminArgs) {
  const { supabase, kind, locale, t } = await siteEditorArgs(args);
  const id = itemIdOf(args, kind);
  const stored = id === null ? null : await requireItem(supabase, kind, id, t);
  const draft = withNumbersShown(kind, draftFromRow(kind, stored));
  const { images, categories } = await editorChoices(supabase, kind, t, locale);
  const name = stored ? itemName(kind, stored, locale) : null;
  return {
    kind: kind.name,
    title: kind.ids === "settings" ? t(kind.title) : (name ?? t(kind.newLabel)),
    subtitle: kind.ids === "settings" || !stored ? t(kind.intro) : t(kind.title),
    locale,
    i18n: editorLanguage(args.request).i18n,
    id: id === null ? null : String(id),
    version: stored ? String(stored.version) : "",
    name,
    published: stored ? stored.published !== false : null,
    draft,
    prices: pricesOf(kind, draft),
    priceWords: priceWordsOf(kind),
    confirmDelete: Boolean(stored && kind.can.delete && args.url.searchParams.get("delete")),
    images,
    categories,
  };
}

type Intent =
  | { name: "save" | "preview" | "delete" }
  | { name: "add"; field: string }
  | { name: "remove"; field: string; index: number };

function intentOf(kind: KindSpec, value: FormDataEntryValue | null): Intent | null {
  const text = typeof value === "string" ? value : "save";
  if (text === "save" || text === "preview" || text === "delete") return { name: text };
  const [name, field = "", index] = text.split(":");
  const rows = kind.fields.find((f) => f.name === field && ROW_TYPES.includes(f.type));
  if (!rows) return null;
  if (name === "add" && index === undefined) return { name, field };
  if (name === "remove" && /^\d{1,2}$/.test(index ?? ""))
    return { name, field, index: Number(index) };
  return null;
}

const reply = (body: EditorReply, status = 200) => data<EditorReply>(body, { status });

/** A save the database refused: next to its field, as the form's message, or as a toast. */
function refused(failure: ItemFailure, body: EditorReply) {
  const status = STATUS_OF[failure.kind];
  if (failure.kind === "not-found") notFound();
  if (failure.field)
    return reply({ ...body, errors: { [failure.field]: [failure.message] } }, status);
  const toast = makeToast({ type: "error", title: failure.message });
  return reply({ ...body, formError: failure.message, toast }, status);
}

/** Stores the images chosen with the form; their URLs replace the picked ones. */
async function storeUploads(
  args: AdminArgs,
  kind: KindSpec,
  user: Parameters<typeof storeUploadedFile>[1],
  formData: FormData,
  t: Translator,
) {
  const errors: FieldErrors = {};
  let status = 200;
  for (const field of kind.fields.filter((f) => f.type === "image")) {
    const stored = await storeUploadedFile(args.context, user, formData, fileFieldOf(field.name));
    if (!stored.ok) {
      errors[fileFieldOf(field.name)] = [uploadMessageIn(t, stored.message)];
      status = STATUS_OF[stored.kind];
    } else if (stored.value) formData.set(field.name, coverUrlOf(stored.value.hash));
  }
  return { errors, status };
}

export async function action(args: AdminArgs): Promise<FormAnswer<EditorReply>> {
  // The guard first: nobody but an admin gets a byte of an upload read (server/request-body.ts).
  const { user, supabase, kind, locale, t } = await siteEditorArgs(args);
  const id = itemIdOf(args, kind);
  const form = editorForm(kind);
  const read = await readForm(args.request, form.rules, form.options);
  if (!read.ok) return reply({ formError: read.message }, 400);
  const { formData } = read;
  const intent = intentOf(kind, formData.get("intent"));
  if (!intent) return unknownIntent(t);
  if (intent.name === "delete") return deleteAnswer(args, { supabase, kind, id, t });

  const version = String(formData.get("version") ?? "");
  const uploads = await storeUploads(args, kind, user, formData, t);
  let draft = draftFromForm(kind, formData);
  const echo = (d: Draft): EditorReply => ({ draft: d, version, prices: pricesOf(kind, d) });
  if (Object.keys(uploads.errors).length)
    return reply({ ...echo(draft), errors: uploads.errors }, uploads.status);
  if (intent.name === "add")
    return reply({ ...echo(withRowAdded(kind, draft, intent.field)), unfold: intent.field });
  if (intent.name === "remove") {
    const left = withRowRemoved(kind, draft, intent.field, intent.index);
    const focus = rowsFocusAfterRemove(left, intent.field, intent.index);
    return reply({ ...echo(left), focus, unfold: intent.field });
  }

  draft = withoutBlankRows(kind, draft);
  const choices = await editorChoices(supabase, kind, t, locale);
  const checked = validateDraft(
    kind,
    draft,
    locale,
    choices.categories.map((c) => Number(c.id)),
  );
  if (!checked.ok) return reply({ ...echo(draft), errors: checked.errors }, 400);
  const columns = columnsOf(kind, checked.values);
  if (intent.name === "preview") {
    if (!kind.preview) return unknownIntent(t);
    const stored = id === null ? null : await requireItem(supabase, kind, id, t);
    return reply({
      ...echo(draft),
      preview: await sitePreview(kind, columns, stored, choices.categoryRows),
    });
  }
  if (id !== null && !/^[1-9]\d{0,8}$/.test(version)) {
    return reply({ ...echo(draft), formError: t("siteEditor.errors.stale") }, 409);
  }
  const saved =
    id === null
      ? await createItem(supabase, kind, columns, t)
      : await saveItem(supabase, kind, id, Number(version), columns, t);
  if (!saved.ok) return refused(saved, echo(draft));
  const to = kind.ids === "settings" ? "/admin/settings" : `/admin/${kind.name}`;
  return doneWith(
    args,
    { kind: "site", entity: kind.entity },
    to,
    savedTitle(kind, columns, id, t),
  );
}

/**
 * What a save did, in words the admin can trust: for a kind that can be a draft, whether the
 * item is on the site now or saved as a draft that visitors do not see (issue 44, item 4).
 */
function savedTitle(
  kind: KindSpec,
  columns: Record<string, unknown>,
  id: ItemId | null,
  t: Translator,
): string {
  if (!kind.fields.some((field) => field.name === "published")) {
    return t(id === null ? "siteEditor.toasts.created" : "siteEditor.toasts.saved");
  }
  if (columns.published !== true) return t("siteEditor.toasts.draft");
  return t(id === null ? "siteEditor.toasts.onSite" : "siteEditor.toasts.savedOnSite");
}

async function deleteAnswer(
  args: AdminArgs,
  {
    supabase,
    kind,
    id,
    t,
  }: { supabase: AppSupabase; kind: KindSpec; id: ItemId | null; t: Translator },
) {
  if (id === null || !kind.can.delete) return unknownIntent(t);
  const deleted = await deleteItem(supabase, kind, id, t);
  if (!deleted.ok) return refused(deleted, {});
  return doneWith(
    args,
    { kind: "site", entity: kind.entity },
    `/admin/${kind.name}`,
    t("siteEditor.toasts.deleted"),
  );
}

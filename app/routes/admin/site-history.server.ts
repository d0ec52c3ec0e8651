import { parsePostId } from "~/domain/posts/queries.server";
import type { HistorySubject } from "~/domain/site/editor/diff";
import { listRevisions, restoreRevision } from "~/domain/site/editor/history.server";
import { type ItemId, parseItemId } from "~/domain/site/editor/items.server";
import { kindOfPath } from "~/domain/site/editor/kinds";
import { POST_HISTORY } from "~/domain/site/editor/post-history";
import type { ContentChange } from "~/infra/content-events";
import type { AdminArgs } from "~/web/admin-form.server";
import { getSupabase } from "~/web/session.server";
import {
  doneWith,
  editorLanguage,
  failedWithToast,
  notFound,
  readSmallForm,
  unknownIntent,
} from "~/web/site-editor.server";

/**
 * /admin/{kind}/:id/history, /admin/settings/history and /admin/posts/:id/history: every
 * revision of the item (who, when, what changed) and "Restore this version" after its
 * confirmation step (`?restore=<revision>`).
 */
interface HistoryTarget {
  subject: HistorySubject;
  id: ItemId;
  /** The item's editor (where a restore leads). */
  editor: string;
  change: ContentChange;
  /** The editor's list or page name: which section of the admin this is. */
  section: string;
}

function targetOf(args: AdminArgs): HistoryTarget {
  if (/^\/admin\/posts\//.test(args.url.pathname)) {
    const id = parsePostId(args.params.id) ?? notFound();
    return {
      subject: POST_HISTORY,
      id,
      editor: `/admin/posts/${id}`,
      change: { kind: "posts" },
      section: "posts",
    };
  }
  const kind = kindOfPath(args.url.pathname) ?? notFound();
  const id = parseItemId(kind, args.params.id) ?? notFound();
  return {
    subject: kind,
    id,
    editor: kind.ids === "settings" ? "/admin/settings" : `/admin/${kind.name}/${id}`,
    change: { kind: "site", entity: kind.entity },
    section: kind.name,
  };
}

async function historyArgs(args: AdminArgs) {
  const target = targetOf(args);
  const language = editorLanguage(args.request);
  return { ...target, ...language, supabase: getSupabase(args.context) };
}

export async function loader(args: AdminArgs) {
  const { subject, id, editor, section, supabase, t, locale, i18n } = await historyArgs(args);
  const listed = await listRevisions(supabase, subject, id, t);
  if (!listed.ok && listed.kind === "not-found") notFound();
  const revisions = listed.ok ? listed.value : [];
  const wanted = args.url.searchParams.get("restore");
  return {
    section,
    title: t("siteEditor.history.title"),
    locale,
    i18n,
    editor,
    name: revisions[0]?.name ?? String(id),
    revisions,
    error: listed.ok ? null : listed.message,
    confirmRestore: revisions.find((r) => String(r.id) === wanted && !r.current) ?? null,
  };
}

export async function action(args: AdminArgs) {
  const { subject, id, editor, change, supabase, t } = await historyArgs(args);
  const form = await readSmallForm(args.request, { intent: 1, revision: 1 });
  if ("answer" in form) return form.answer;
  if (form.get("intent") !== "restore") return unknownIntent(t);
  const revision = form.get("revision");
  if (!/^[1-9]\d{0,15}$/.test(revision)) notFound();
  const restored = await restoreRevision(supabase, subject, id, Number(revision), t);
  if (!restored.ok && restored.kind === "not-found") notFound();
  if (!restored.ok) return failedWithToast(restored);
  return doneWith(args, change, editor, t("siteEditor.toasts.restored"));
}

import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { receivePrivateFile } from "~/domain/files/file-upload.server";
import { CLIENT_FILES_BUCKET } from "~/domain/files/private-files.server";
import { versionNoteSchema } from "~/domain/portal/deliverable-forms.server";
import { addVersion, deliverableOf } from "~/domain/portal/deliverables.server";
import { localizeFailure } from "~/i18n/failures.server";
import type { MessageKey } from "~/i18n/messages";
import { translator } from "~/i18n/translate.server";
import type { FailureKind } from "~/lib/result";
import { getSupabase } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/deliverable-version";
import { clientProject } from "./project.server";

/** What a refused upload says, in the admin's language. */
const UPLOAD_FAILURES: Partial<Record<FailureKind, MessageKey>> = {
  invalid: "deliverables.fileRequired",
  "too-large": "deliverables.fileTooLarge",
};

const pagePath = (params: Route.LoaderArgs["params"]) =>
  `/admin/clients/${params.id}/projects/${params.projectId}`;

/** Nothing to show here: the versions are on the project's page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(pagePath(params));
}

/**
 * POST /admin/clients/:id/projects/:projectId/deliverables/:deliverableId/versions (a plain
 * multipart form: `note`, then `file`; no JavaScript needed): the file is streamed into the
 * client's private folder (`<client>/deliverables/<deliverable>/<random>/<name>`, 50 MB at most)
 * as the signed-in admin, then recorded as the deliverable's next version, a draft. Back to the
 * project's page with what happened; another client's project or deliverable answers 404
 * before a byte of the file is read.
 */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const supabase = getSupabase(args.context);
  const { organisation, project } = await clientProject(supabase, args.params);
  const deliverable = await deliverableOf(supabase, project.id, args.params.deliverableId);
  if (!deliverable.ok) throw data({ message: deliverable.message }, { status: 404 });
  const here = pagePath(args.params);
  const received = await receivePrivateFile(supabase, organisation.id, args.request, {
    folder: `deliverables/${deliverable.value.id}/${randomUUID()}`,
  });
  if (!received.ok) {
    const key = UPLOAD_FAILURES[received.kind] ?? "deliverables.fileFailed";
    return redirectWithToast(here, { type: "error", title: t(key) });
  }
  const file = received.value;
  const note = versionNoteSchema(t).safeParse(file.fields.note ?? "");
  const added =
    note.success && !file.truncated.includes("note")
      ? await addVersion(supabase, deliverable.value.id, file, note.data)
      : null;
  if (!added?.ok) {
    // Nothing recorded: the stored file goes too, so no file is left that no version names.
    await supabase.storage.from(CLIENT_FILES_BUCKET).remove([file.key]);
    const title = added ? localizeFailure(added, t).message : t("deliverables.noteTooLong");
    return redirectWithToast(here, { type: "error", title });
  }
  return redirectWithToast(here, {
    type: "success",
    title: t("deliverables.uploaded", { number: added.value.number }),
  });
}

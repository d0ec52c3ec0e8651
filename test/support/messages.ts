/**
 * A project's thread for a test (issue 42 item 5): the message form of the agency's project page
 * and of the client's, posted as someone; the thread as a page shows it; the notice job run as
 * the runner would, then the outbox; the mails a person got.
 */
import type { ClaimedJob } from "~/domain/jobs/store";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import { messageNotifyJob } from "~/domain/portal/message-notify-job.server";
import * as clientProjectRoute from "~/routes/account/project";
import * as projectRoute from "~/routes/admin/project";
import { settle } from "./answers";
import { serviceClient, type TestBackend } from "./backend";
import type { Place } from "./deliverables";
import { argsWithParams, formPost } from "./route-args";
import { routed } from "./routed";

const agencyPage = routed(projectRoute);
const clientPage = routed(clientProjectRoute);

const agencyPath = (place: Place) => `/admin/clients/${place.id}/projects/${place.project}`;
const clientPath = (place: Place, lang = "") =>
  `${lang}/organisations/${place.id}/projects/${place.project}`;

type Fields = { message?: string; attachment?: string };

/** The thread's form on the agency's page (`?messages`), as `cookie`. */
export function agencyWrites(place: Place, cookie: string, fields: Fields) {
  return settle(() =>
    agencyPage.action(
      argsWithParams(
        `${agencyPath(place)}?messages`,
        { id: place.id, projectId: String(place.project) },
        { ...formPost({ intent: "message", ...fields }), cookie },
      ),
    ),
  );
}

/** The thread's form on the client's page, as `cookie`, in `lang` ("" English, "/sw", "/fr"). */
export function clientWrites(place: Place, cookie: string, fields: Fields, lang = "") {
  return settle(() =>
    clientPage.action(
      argsWithParams(
        `${clientPath(place, lang)}?messages`,
        { organisationId: place.id, projectId: String(place.project) },
        { ...formPost({ intent: "message", ...fields }), cookie },
      ),
    ),
  );
}

export interface ThreadSeen {
  thread: {
    messages: { author: string; side: string; sideText: string; body: string; atText: string }[];
    attachments: { path: string; name: string }[];
  };
}

export function agencyThread(place: Place, cookie: string) {
  return settle(() =>
    agencyPage.loader(
      argsWithParams(
        agencyPath(place),
        { id: place.id, projectId: String(place.project) },
        { cookie },
      ),
    ),
  );
}

export function clientThread(place: Place, cookie: string, lang = "") {
  return settle(() =>
    clientPage.loader(
      argsWithParams(
        clientPath(place, lang),
        { organisationId: place.id, projectId: String(place.project) },
        { cookie },
      ),
    ),
  );
}

/** The thread's messages as the service role reads them. */
export async function storedMessages(backend: TestBackend, project: number) {
  const { data } = await serviceClient(backend)
    .from("project_messages")
    .select("id, body, author_id, author_name, author_side, attachment_path")
    .eq("project_id", project)
    .order("id");
  return data ?? [];
}

/** Runs the project's notice job as the runner would, then sends what the outbox holds. */
export async function runNotices(backend: TestBackend, project: number) {
  const job = {
    id: 0,
    kind: "project_messages.notify",
    payload: { project },
    attempts: 1,
    max_attempts: 8,
  };
  const outcome = await messageNotifyJob(() => serviceClient(backend)).run(
    job as ClaimedJob,
    new AbortController().signal,
  );
  await outboxIdle();
  await processOutbox();
  return outcome;
}

/** The mails `email` got. */
export async function mailsTo(backend: TestBackend, email: string) {
  return (await backend.mailbox.list()).filter((mail) => mail.to === email.toLowerCase());
}

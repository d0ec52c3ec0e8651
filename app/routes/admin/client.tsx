import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import {
  ClientInvitations,
  ClientPeople,
  InviteForm,
  RemovalConfirm,
} from "~/components/admin/client-people";
import { LoadError } from "~/components/admin/confirm-step";
import { AdminClientPin, isPinAnswer } from "~/components/billing/admin-client-pin";
import { ProjectList } from "~/components/portal/project-list";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/client";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.organisation.name ?? t("adminClients.title"),
    description: t("adminClients.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./client.server";

export default function AdminClient({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, people, invitations, projects, removal, me, error, kraPin } = loaderData;
  const t = useT();
  const pinAnswer = isPinAnswer(actionData);
  const inviteAnswer = pinAnswer ? undefined : actionData;
  const result = inviteAnswer && "result" in inviteAnswer ? inviteAnswer.result : undefined;
  return (
    <AdminPage title={organisation.name} subtitle={t("adminClients.subtitle")}>
      <Toasts toasts={[actionData?.toast]} />
      <p className="mb-8 flex flex-wrap gap-4">
        <Link to="/admin/clients" className={linkClass}>
          {t("adminClients.back")}
        </Link>
        <Link to={`/admin/clients/${organisation.id}/view`} className={linkClass}>
          {t("projects.viewAsOpen")}
        </Link>
      </p>
      {removal ? <RemovalConfirm person={removal} name={organisation.name} /> : null}
      {error ? <LoadError message={error} /> : null}
      {projects ? (
        <ProjectList
          name={organisation.name}
          projects={projects}
          newHref={`/admin/clients/${organisation.id}/projects/new`}
          hrefOf={(project) => `/admin/clients/${organisation.id}/projects/${project}`}
          empty={t("projects.none")}
        />
      ) : null}
      <AdminClientPin organisation={organisation} kraPin={kraPin} answer={actionData} />
      {people ? <ClientPeople name={organisation.name} people={people} me={me} /> : null}
      {invitations ? <ClientInvitations invitations={invitations} /> : null}
      <InviteForm reply={result} answer={inviteAnswer} />
    </AdminPage>
  );
}

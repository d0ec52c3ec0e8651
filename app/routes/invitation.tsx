import { InvitationPage } from "~/components/account/invitation-page";
import { translatorFrom } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/invitation";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("invitations.pageTitle"),
    description: t("invitations.description"),
    path: "/invitations",
    noindex: true,
  });
};

export { action, loader } from "./invitation.server";

/** An invitation into a client organisation (app/routes/invitation.server.ts). */
export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationPage page={loaderData} answer={actionData} />;
}

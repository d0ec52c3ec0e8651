import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { AnalyticsGlance } from "~/components/admin/analytics/glance";
import { LoadError } from "~/components/admin/confirm-step";
import { LatestMessages, MailProblems, OverviewStats } from "~/components/admin/overview-cards";
import { Toasts } from "~/components/toasts/toasts";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/overview";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Admin",
    description: "Messages, subscribers and posts at a glance.",
    path: "/admin",
    noindex: true,
  });

export { action, loader } from "./overview.server";

export default function AdminOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, error, glance, locale } = loaderData;
  return (
    <AdminPage title="Admin" subtitle="Messages, subscribers and posts at a glance.">
      <Toasts toasts={[actionData?.toast]} />
      {overview ? (
        <>
          <OverviewStats overview={overview} />
          {glance ? <AnalyticsGlance locale={locale} {...glance} /> : null}
          <MailProblems problems={overview.mailProblems} failed={overview.mailFailed} />
          <LatestMessages messages={overview.latest} />
          <p className="mt-10">
            <Link to="/admin/activity" className={linkClass}>
              Activity log
            </Link>
            {" · "}
            <Link to="/admin/jobs" className={linkClass}>
              Failed jobs
            </Link>
          </p>
        </>
      ) : (
        <LoadError message={error ?? "Could not load the overview."} />
      )}
    </AdminPage>
  );
}

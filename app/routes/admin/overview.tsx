import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { AnalyticsGlance } from "~/components/admin/analytics/glance";
import { LoadError } from "~/components/admin/confirm-step";
import { LatestMessages, MailProblems, OverviewStats } from "~/components/admin/overview-cards";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/overview";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminOffice.overview.title"),
    description: t("adminOffice.overview.subtitle"),
    path: "/admin",
    noindex: true,
  });
};

export { action, loader } from "./overview.server";

export default function AdminOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, error, glance, locale } = loaderData;
  const t = useT();
  return (
    <AdminPage
      title={t("adminOffice.overview.title")}
      subtitle={t("adminOffice.overview.subtitle")}
    >
      <Toasts toasts={[actionData?.toast]} />
      {overview ? (
        <>
          <OverviewStats overview={overview} />
          {glance ? <AnalyticsGlance locale={locale} {...glance} /> : null}
          <MailProblems problems={overview.mailProblems} failed={overview.mailFailed} />
          <LatestMessages messages={overview.latest} />
          <p className="mt-10">
            <Link to="/admin/activity" className={linkClass}>
              {t("adminOffice.overview.activity")}
            </Link>
            {" · "}
            <Link to="/admin/jobs" className={linkClass}>
              {t("adminOffice.overview.jobs")}
            </Link>
          </p>
        </>
      ) : (
        <LoadError message={error ?? t("adminOffice.overview.loadError")} />
      )}
    </AdminPage>
  );
}

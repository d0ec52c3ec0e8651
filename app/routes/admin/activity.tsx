import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPage, linkClass, stacked } from "~/components/admin/admin-page";
import { PagedList, StackedTable } from "~/components/admin/stacked-table";
import type { ActivityEntry } from "~/domain/admin/audit.server";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/activity";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("activity.title"),
    description: t("activity.description"),
    path: "/admin/activity",
    noindex: true,
  });
};

export { loader } from "./activity.server";

/** A part of a sentence that links somewhere when it can (the item, the person). */
function linked(href: string | null) {
  return (children: ReactNode[], key: number) =>
    href ? (
      <Link key={key} to={href} className={linkClass}>
        {children}
      </Link>
    ) : (
      <span key={key} className="font-semibold text-slate-900">
        {children}
      </span>
    );
}

function Sentence({ entry }: { entry: ActivityEntry }) {
  const t = useT();
  return (
    <>
      {t.rich(
        entry.sentence,
        { who: linked(entry.personHref), item: linked(entry.itemHref) },
        entry.values,
      )}
    </>
  );
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { list, error } = loaderData;
  const t = useT();
  return (
    <AdminPage title={t("activity.title")} subtitle={t("activity.subtitle")}>
      <PagedList list={list} error={error} label={t("activity.title")} empty={t("activity.empty")}>
        {(rows) => (
          <StackedTable
            caption={t("activity.caption")}
            columns={[t("activity.when"), t("activity.what")]}
          >
            {rows.map((entry) => (
              <tr key={entry.id} className={stacked.row} data-testid={`activity-${entry.id}`}>
                <td data-label={t("activity.when")} className={stacked.cell}>
                  <time dateTime={entry.created_at}>{entry.when}</time>
                </td>
                <td
                  data-label={t("activity.what")}
                  className={`${stacked.cell} [overflow-wrap:anywhere]`}
                >
                  <span>
                    <Sentence entry={entry} />
                  </span>
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </PagedList>
    </AdminPage>
  );
}

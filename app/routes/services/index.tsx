import { PageHeading } from "~/components/page-heading";
import { ServiceGrid } from "~/components/services/service-card";
import { translatorFrom, useT } from "~/i18n/use-t";
import { publicPageHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

export { loader } from "./index.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("services.title"),
    description: t("meta.servicesDescription"),
    path: "/services",
  });
};

export default function ServicesRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading title={t("services.title")} subtitle={t("services.intro")} />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 className="sr-only">{t("services.all")}</h2>
        <ServiceGrid services={loaderData.services} showPrice />
      </div>
    </>
  );
}

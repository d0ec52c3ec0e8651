import { Link } from "react-router";
import { Card, MessageList, SurveyAnswers } from "~/components/account/dashboard-cards";
import { ClientInvoicesLink } from "~/components/billing/client-invoices-link";
import { PageHeading } from "~/components/page-heading";
import { translatorFrom, useT } from "~/i18n/use-t";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("nav.dashboard"),
    description: t("meta.dashboardDescription"),
    path: "/dashboard",
    noindex: true,
  });
}

export { loader } from "./dashboard.server";

const buttonClass =
  "inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800";
const secondaryClass =
  "inline-flex rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, newcomer, survey, messages, messagesError, isAdmin, isStaff, memberships } =
    loaderData;
  const { invoicesToPay } = loaderData;
  const firstName = user.fullName.trim().split(/\s+/)[0];
  const t = useT();
  return (
    <>
      <PageHeading
        title={t(newcomer ? "account.welcomeNew" : "account.welcomeBack", {
          name: firstName || user.email,
        })}
        subtitle={t("account.glance")}
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 md:grid-cols-2">
        <Card id="account" title={t("account.accountCard")}>
          <p className="break-all">{user.email}</p>
          {user.emailConfirmed ? (
            <p className="mt-2 font-medium text-emerald-800">{t("account.verified")}</p>
          ) : (
            <p className="mt-2 font-medium text-amber-900">{t("account.notVerified")}</p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={t.path("/profile")} className={buttonClass}>
              {t("account.editProfile")}
            </Link>
            <Link to={t.path("/contact")} className={secondaryClass}>
              {t("common.contactUs")}
            </Link>
            {isAdmin ? (
              <Link to="/admin/posts" className={secondaryClass}>
                {t("account.managePosts")}
              </Link>
            ) : null}
            {isStaff ? (
              <Link to="/admin/invoices" className={secondaryClass}>
                {t("account.staffMoney")}
              </Link>
            ) : null}
          </div>
        </Card>
        {memberships.length > 0 ? (
          <Card id="your-organisations" title={t("account.organisationsCard")}>
            <ul className="space-y-2">
              {memberships.map((membership) => (
                <li key={membership.organisationId} className="[overflow-wrap:anywhere]">
                  <Link
                    to={t.path(`/organisations/${membership.organisationId}`)}
                    className="font-semibold text-brand-700 underline"
                  >
                    {membership.name}
                  </Link>{" "}
                  · {t(membership.role === "owner" ? "account.roleOwner" : "account.roleMember")}
                  {membership.unreadText ? (
                    <>
                      {" · "}
                      <strong className="font-semibold text-slate-900">
                        {membership.unreadText}
                      </strong>
                    </>
                  ) : null}
                  {invoicesToPay[membership.organisationId] ? (
                    <>
                      {" · "}
                      <ClientInvoicesLink
                        href={t.path(`/organisations/${membership.organisationId}/invoices`)}
                        text={invoicesToPay[membership.organisationId] ?? ""}
                      />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
        <Card id="your-onboarding-answers" title={t("account.answersCard")}>
          <SurveyAnswers survey={survey} />
        </Card>
        <div className="md:col-span-2">
          <Card id="your-messages" title={t("account.messagesCard")}>
            <MessageList messages={messages} error={messagesError} />
          </Card>
        </div>
      </div>
    </>
  );
}

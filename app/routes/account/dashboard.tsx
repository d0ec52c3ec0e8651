import { Link } from "react-router";
import { Card, MessageList, SurveyAnswers } from "~/components/account/dashboard-cards";
import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Dashboard",
    description: "Your account at a glance.",
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
  const { user, survey, messages, messagesError, isAdmin } = loaderData;
  const firstName = user.fullName.trim().split(/\s+/)[0];
  return (
    <>
      <PageHeading
        title={`Welcome back, ${firstName || user.email}`}
        subtitle="Your account at a glance."
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 md:grid-cols-2">
        <Card title="Account">
          <p className="break-all">{user.email}</p>
          {user.emailConfirmed ? (
            <p className="mt-2 font-medium text-emerald-800">Email verified</p>
          ) : (
            <p className="mt-2 font-medium text-amber-900">
              Email not verified yet: use the link we sent you.
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/profile" className={buttonClass}>
              Edit Profile
            </Link>
            <Link to="/contact" className={secondaryClass}>
              Contact Us
            </Link>
            {isAdmin ? (
              <Link to="/admin/posts" className={secondaryClass}>
                Manage Posts
              </Link>
            ) : null}
          </div>
        </Card>
        <Card title="Your onboarding answers">
          <SurveyAnswers survey={survey} />
        </Card>
        <div className="md:col-span-2">
          <Card title="Your messages">
            <MessageList messages={messages} error={messagesError} />
          </Card>
        </div>
      </div>
    </>
  );
}

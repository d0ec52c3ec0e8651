import { Form, Link } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { PageHeading } from "~/components/page-heading";
import { useT } from "~/i18n/use-t";

export interface InvitationPageData {
  state: "pending" | "expired" | "used" | "invalid";
  organisationName?: string;
  email?: string;
  role?: "owner" | "member";
  brand: string;
  until: string | null;
  signedInAs: string | null;
  isInvitee: boolean;
  loginHref: string;
  signupHref: string;
}

const link = "font-semibold text-brand-700 underline hover:text-brand-800";
const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 font-semibold";

/**
 * An invitation link's page: what the invitation is and the one next step for the person
 * looking (accept; sign in or sign up with the invited address; sign out of another account),
 * or why the link no longer works and what to do instead.
 */
export function InvitationPage({
  page,
  answer,
}: {
  page: InvitationPageData;
  /** The action's answer: a refusal is in the error summary. */
  answer?: unknown;
}) {
  const t = useT();
  if (page.state !== "pending") {
    return (
      <>
        <PageHeading title={t(`invitations.${page.state}Title`)} />
        <div className="mx-auto max-w-xl space-y-6 px-4 py-14 sm:px-6">
          <p className="text-slate-800">{t(`invitations.${page.state}Text`)}</p>
          <p>
            <Link to={t.path("/dashboard")} className={link}>
              {t("invitations.toDashboard")}
            </Link>
          </p>
        </div>
      </>
    );
  }
  const values = {
    organisation: page.organisationName ?? "",
    brand: page.brand,
    email: page.email ?? "",
    role: t(page.role === "owner" ? "invitations.owner" : "invitations.member"),
    until: page.until ?? "",
    current: page.signedInAs ?? "",
  };
  return (
    <>
      <PageHeading title={t("invitations.title", values)} />
      <div className="mx-auto max-w-xl space-y-6 px-4 py-14 sm:px-6 [overflow-wrap:anywhere]">
        <p className="text-lg text-slate-800">{t("invitations.lead", values)}</p>
        <p className="text-slate-700">{t("invitations.forAddress", values)}</p>
        <ErrorSummary answer={answer} />
        {page.isInvitee ? (
          <Form method="post">
            <SubmitButton pendingLabel={t("invitations.accepting")} name="intent" value="accept">
              {t("invitations.accept")}
            </SubmitButton>
          </Form>
        ) : page.signedInAs ? (
          <div className="space-y-4">
            <p className="text-slate-800">{t("invitations.otherAccount", values)}</p>
            <Form method="post" action={t.path("/logout")}>
              <button type="submit" className={`${button} border border-slate-300 bg-white`}>
                {t("invitations.signOut")}
              </button>
            </Form>
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-slate-800">{t("invitations.signInFirst", values)}</p>
            <div className="flex flex-wrap gap-3">
              <Link to={page.loginHref} className={`${button} bg-brand-700 text-white`}>
                {t("invitations.signIn")}
              </Link>
              <Link
                to={page.signupHref}
                className={`${button} border border-slate-300 bg-white text-slate-900`}
              >
                {t("invitations.signUp")}
              </Link>
            </div>
          </div>
        )}
      </div>
    </>
  );
}

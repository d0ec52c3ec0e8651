import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirm";

/** Personal page: never cached; a rate-limited answer's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("meta.confirmTitle"),
    description: t("meta.confirmDescription"),
    path: "/auth/confirm",
    noindex: true,
  });
}

export { action, loader } from "./confirm.server";

/**
 * The page an e-mail link opens: it shows whose link it is and signs in only when the visitor
 * presses the button (a POST), so a link planted on another site cannot sign anyone in.
 */
export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  const t = useT();
  return (
    <AuthCard title={t(`confirm.${link.type}Title`)} subtitle={t(`confirm.${link.type}Subtitle`)}>
      <Form method="post" className="space-y-5">
        <ErrorSummary answer={actionData} />
        <input type="hidden" name="token_hash" value={link.tokenHash} />
        <input type="hidden" name="type" value={link.type} />
        <input type="hidden" name="next" value={link.next} />
        {link.email ? <input type="hidden" name="email" value={link.email} /> : null}
        {link.email ? (
          <p className="text-slate-700">
            {t.rich(
              "confirm.continueAs",
              {
                b: (children, key) => (
                  <strong key={key} className="break-all text-slate-900">
                    {children}
                  </strong>
                ),
              },
              { email: link.email },
            )}
          </p>
        ) : null}
        <SubmitButton pendingLabel={t("confirm.checking")} className="w-full">
          {t(`confirm.${link.type}Button`)}
        </SubmitButton>
        <p className="text-sm text-slate-600">{t("confirm.notYou")}</p>
      </Form>
    </AuthCard>
  );
}

import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { PageHeading } from "~/components/page-heading";
import { useT } from "~/i18n/use-t";
import type { FormReply } from "~/lib/form-reply";

/** The newsletter pages' frame: the title, a narrow column, and the way back to the blog. */
export function NewsletterFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <PageHeading title={title} />
      <div className="mx-auto max-w-xl space-y-8 px-4 py-14 sm:px-6">
        {children}
        <p className="text-center">
          <Link to={t.path("/blog")} className="font-semibold text-brand-700 hover:text-brand-800">
            {t("blog.backToBlog")}
          </Link>
        </p>
      </div>
    </>
  );
}

/**
 * The page behind a newsletter link (`purpose`: confirm or unsubscribe): what the button will
 * do, the button, the result.
 */
export function NewsletterLinkPage({
  purpose,
  page,
  reply,
}: {
  purpose: "confirm" | "unsubscribe";
  page: { email: string | null; error: string | null };
  reply: FormReply | undefined;
}) {
  const t = useT();
  const error = reply?.formError ?? page.error;
  return (
    <NewsletterFrame title={t(`newsletterLink.${purpose}.title`)}>
      {reply?.notice ? (
        <p
          role="status"
          className="rounded-lg border border-brand-200 bg-brand-50 p-4 font-medium text-brand-900"
        >
          {reply.notice}
        </p>
      ) : error ? (
        <FormError message={error} />
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-slate-800 [overflow-wrap:anywhere]">
            {t(`newsletterLink.${purpose}.question`, { email: page.email ?? "" })}
          </p>
          <SubmitButton
            pendingLabel={t(`newsletterLink.${purpose}.pending`)}
            name="intent"
            value={purpose}
          >
            {t(`newsletterLink.${purpose}.button`)}
          </SubmitButton>
        </Form>
      )}
    </NewsletterFrame>
  );
}

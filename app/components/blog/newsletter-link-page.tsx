import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { PageHeading } from "~/components/page-heading";
import type { FormReply } from "~/lib/form-reply";

/** The newsletter pages' frame: the title, a narrow column, and the way back to the blog. */
export function NewsletterFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeading title={title} />
      <div className="mx-auto max-w-xl space-y-8 px-4 py-14 sm:px-6">
        {children}
        <p className="text-center">
          <Link to="/blog" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to Blog
          </Link>
        </p>
      </div>
    </>
  );
}

/** The page behind a newsletter link: what the button will do, the button, the result. */
export function NewsletterLinkPage({
  title,
  page,
  reply,
  question,
  button,
  pending,
  intent,
}: {
  title: string;
  page: { email: string | null; error: string | null };
  reply: FormReply | undefined;
  question: string;
  button: string;
  pending: string;
  intent: string;
}) {
  const error = reply?.formError ?? page.error;
  return (
    <NewsletterFrame title={title}>
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
            {question.replace("{email}", page.email ?? "")}
          </p>
          <SubmitButton pendingLabel={pending} name="intent" value={intent}>
            {button}
          </SubmitButton>
        </Form>
      )}
    </NewsletterFrame>
  );
}

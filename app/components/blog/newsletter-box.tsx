import { useFetcher } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { useT } from "~/i18n/use-t";
import { type FormReply, fieldErrors, formErrorOf, typedValue } from "~/lib/form-reply";

/**
 * Newsletter sign-up. With JS a fetcher posts to /newsletter and the result shows here; without
 * JS the browser posts to /newsletter, which renders the result page.
 */
export function NewsletterBox({ reply: fallback }: { reply?: FormReply }) {
  const fetcher = useFetcher<FormReply>({ key: "newsletter" });
  const t = useT();
  const reply = fetcher.data ?? fallback;
  const done = Boolean(reply?.notice);
  const problem =
    reply && !done ? (fieldErrors(reply.result, "email") ?? [formErrorOf(reply) ?? ""]) : undefined;
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-6"
    >
      <h2 id="newsletter-heading" className="text-xl font-bold text-slate-900">
        {t("newsletter.heading")}
      </h2>
      <p className="mt-2 text-slate-700">{t("newsletter.text")}</p>
      <p className="mt-1 text-sm text-slate-700">{t("newsletter.confirmFirst")}</p>
      <fetcher.Form method="post" action={t.path("/newsletter")} className="mt-4 space-y-3">
        <ErrorSummary answer={done ? undefined : reply} />
        <HoneypotInputs />
        <Field
          key={done ? "done" : "form"}
          label={t("newsletter.email")}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={done ? "" : typedValue(reply?.result, "email")}
          errors={problem?.filter(Boolean)}
        />
        <SubmitButton
          pendingLabel={t("newsletter.subscribing")}
          fetcher={fetcher}
          className="w-full"
        >
          {t("newsletter.subscribe")}
        </SubmitButton>
        <p role="status" className="min-h-6 font-medium text-brand-800">
          {reply?.notice ?? ""}
        </p>
      </fetcher.Form>
    </section>
  );
}

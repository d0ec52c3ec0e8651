import { useFetcher } from "react-router";
import { Field } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";

/** What the /newsletter action answers. */
export interface NewsletterResult {
  status: "subscribed" | "duplicate" | "invalid" | "error";
  message: string;
  email?: string;
}

/**
 * Newsletter sign-up. With JS a fetcher posts to /newsletter and the result shows here; without
 * JS the browser posts to /newsletter, which renders the result page.
 */
export function NewsletterBox({ result: fallback }: { result?: NewsletterResult }) {
  const fetcher = useFetcher<NewsletterResult>({ key: "newsletter" });
  const result = fetcher.data ?? fallback;
  const sending = fetcher.state === "submitting";
  const done = result?.status === "subscribed" || result?.status === "duplicate";
  const fieldError = result && !done ? [result.message] : undefined;
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-6"
    >
      <h2 id="newsletter-heading" className="text-xl font-bold text-slate-900">
        Subscribe to our newsletter
      </h2>
      <p className="mt-2 text-slate-700">
        Practical tips on websites, apps and digital marketing, once a month. No spam.
      </p>
      <fetcher.Form method="post" action="/newsletter" className="mt-4 space-y-3">
        <HoneypotInputs />
        <Field
          key={done ? "done" : "form"}
          label="Email address"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={done ? "" : result?.email}
          errors={fieldError}
        />
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 [&:not(:disabled)]:cursor-pointer"
        >
          {sending ? "Subscribing..." : "Subscribe"}
        </button>
        <p role="status" className="min-h-6 font-medium text-brand-800">
          {done ? result.message : ""}
        </p>
      </fetcher.Form>
    </section>
  );
}

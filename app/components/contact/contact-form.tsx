import { Form, useFetcher, useLocation } from "react-router";
import { SubmitButton } from "~/components/forms/submit-button";
import { Toasts } from "~/components/toasts/toasts";
import type { Toast } from "~/lib/toast";
import { ContactFields, type ContactFieldsProps } from "./contact-fields";
import type { FormResult } from "./form-result";

const formClass = "space-y-5";

/**
 * The /contact page form: a document POST without JS, a navigation with JS. It remounts after
 * every new location (the success redirect), so the fields are cleared after sending.
 */
export function ContactPageForm(props: ContactFieldsProps) {
  const location = useLocation();
  return (
    <Form method="post" className={formClass} key={location.key} aria-label="Contact form">
      <ContactFields {...props} />
      <SubmitButton pendingLabel="Sending...">Send Message</SubmitButton>
    </Form>
  );
}

/** What the /contact action answers when it does not redirect. */
export interface ContactActionData {
  result?: FormResult;
  formError?: string;
  toast?: Toast;
}

/**
 * The home page form: posts to the /contact action. With JS it stays on the home page (errors
 * show here; success redirects back with the toast); without JS the browser posts to /contact.
 */
export function HomeContactForm({ defaultMessage }: { defaultMessage?: string }) {
  const location = useLocation();
  const fetcher = useFetcher<ContactActionData | undefined>({ key: "home-contact" });
  const sending = fetcher.state === "submitting";
  return (
    <fetcher.Form
      method="post"
      action="/contact"
      className={formClass}
      key={location.key}
      aria-label="Contact form"
    >
      <ContactFields
        result={fetcher.data?.result}
        formError={fetcher.data?.formError}
        defaultMessage={defaultMessage}
        redirectTo="/#contact"
      />
      <Toasts toasts={[fetcher.data?.toast]} />
      <button
        type="submit"
        disabled={sending}
        aria-busy={sending || undefined}
        className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {sending ? "Sending..." : "Send Message"}
      </button>
    </fetcher.Form>
  );
}

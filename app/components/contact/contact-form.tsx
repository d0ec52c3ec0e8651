import { Form, useFetcher, useLocation } from "react-router";
import { SubmitButton } from "~/components/forms/submit-button";
import { Toasts } from "~/components/toasts/toasts";
import type { FormReply } from "~/lib/form-reply";
import { ContactFields, type ContactFieldsProps } from "./contact-fields";

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

/**
 * The home page form: posts to the /contact action. With JS it stays on the home page (errors
 * show here; success redirects back with the toast); without JS the browser posts to /contact.
 */
export function HomeContactForm({ defaultMessage }: { defaultMessage?: string }) {
  const location = useLocation();
  const fetcher = useFetcher<FormReply | undefined>({ key: "home-contact" });
  return (
    <fetcher.Form
      method="post"
      action="/contact"
      className={formClass}
      key={location.key}
      aria-label="Contact form"
    >
      <ContactFields reply={fetcher.data} defaultMessage={defaultMessage} redirectTo="/#contact" />
      <Toasts toasts={[fetcher.data?.toast]} />
      <SubmitButton pendingLabel="Sending..." fetcher={fetcher}>
        Send Message
      </SubmitButton>
    </fetcher.Form>
  );
}

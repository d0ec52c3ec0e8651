import { Form, useFetcher, useLocation } from "react-router";
import { SubmitButton } from "~/components/forms/submit-button";
import { Toasts } from "~/components/toasts/toasts";
import { useT } from "~/i18n/use-t";
import type { FormReply } from "~/lib/form-reply";
import { ContactFields, type ContactFieldsProps } from "./contact-fields";

const formClass = "space-y-5";

/**
 * The /contact page form: a document POST without JS, a navigation with JS. It remounts after
 * every new location (the success redirect), so the fields are cleared after sending.
 */
export function ContactPageForm(props: ContactFieldsProps) {
  const location = useLocation();
  const t = useT();
  return (
    <Form
      method="post"
      className={formClass}
      key={location.key}
      aria-label={t("contact.formLabel")}
    >
      <ContactFields {...props} />
      <SubmitButton pendingLabel={t("common.sending")}>{t("contact.send")}</SubmitButton>
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
  const t = useT();
  return (
    <fetcher.Form
      method="post"
      action={t.path("/contact")}
      className={formClass}
      key={location.key}
      aria-label={t("contact.formLabel")}
    >
      <ContactFields
        reply={fetcher.data}
        defaultMessage={defaultMessage}
        redirectTo={t.path("/#contact")}
      />
      <Toasts toasts={[fetcher.data?.toast]} />
      <SubmitButton pendingLabel={t("common.sending")} fetcher={fetcher}>
        {t("contact.send")}
      </SubmitButton>
    </fetcher.Form>
  );
}

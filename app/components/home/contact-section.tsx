import { ContactDetails } from "~/components/contact/contact-details";
import { HomeContactForm } from "~/components/contact/contact-form";
import { useT } from "~/i18n/use-t";
import { HomeSection } from "./section";

export function ContactSection() {
  const t = useT();
  return (
    <HomeSection id="contact" title={t("home.contactTitle")} intro={t("contact.intro")}>
      <div className="grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <HomeContactForm />
        </div>
        <ContactDetails headingLevel={3} />
      </div>
    </HomeSection>
  );
}

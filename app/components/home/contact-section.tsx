import { ContactDetails } from "~/components/contact/contact-details";
import { HomeContactForm } from "~/components/contact/contact-form";
import { HomeSection } from "./section";

export function ContactSection() {
  return (
    <HomeSection
      id="contact"
      title="Get in Touch"
      intro="Tell us about your project and we will get back to you within 24 hours."
    >
      <div className="grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <HomeContactForm />
        </div>
        <ContactDetails headingLevel={3} />
      </div>
    </HomeSection>
  );
}

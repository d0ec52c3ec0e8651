import { ChatWidget } from "~/components/chat/chat-widget";
import { AboutSection } from "~/components/home/about-section";
import { ContactSection } from "~/components/home/contact-section";
import { Hero } from "~/components/home/hero";
import { LatestArticles } from "~/components/home/latest-articles";
import { PhoneActions } from "~/components/home/phone-actions";
import { PortfolioSection } from "~/components/home/portfolio-section";
import { ServicesSection } from "~/components/home/services-section";
import { TeamSection } from "~/components/home/team-section";
import { WelcomeVideo } from "~/components/home/welcome-video";
import { translatorFrom } from "~/i18n/use-t";
import { publicPageHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/home";

export { loader } from "./home.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    description: translatorFrom(matches)("meta.homeDescription"),
    path: "/",
    jsonLd: organizationJsonLd,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero figures={loaderData.heroFigures} />
      <WelcomeVideo />
      <ServicesSection services={loaderData.services} />
      <PortfolioSection items={loaderData.work} />
      <TeamSection
        team={loaderData.team}
        testimonials={loaderData.testimonials}
        initialSlide={loaderData.slide}
      />
      <AboutSection figures={loaderData.aboutFigures} />
      <LatestArticles posts={loaderData.posts} failed={loaderData.postsFailed} />
      <ContactSection />
      <ChatWidget options={loaderData.chat} />
      <PhoneActions />
    </>
  );
}

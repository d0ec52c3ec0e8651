import { data } from "react-router";
import { ChatWidget } from "~/components/chat/chat-widget";
import { AboutSection } from "~/components/home/about-section";
import { ContactSection } from "~/components/home/contact-section";
import { Hero } from "~/components/home/hero";
import { LatestArticles } from "~/components/home/latest-articles";
import { PortfolioSection } from "~/components/home/portfolio-section";
import { ServicesSection } from "~/components/home/services-section";
import { TeamSection } from "~/components/home/team-section";
import { WelcomeVideo } from "~/components/home/welcome-video";
import { testimonials } from "~/content/testimonials";
import { getSupabase } from "~/lib/auth.server";
import { publicCacheHeaders, publicPageHeaders } from "~/lib/cache-control";
import { slideCount, slideFromParam } from "~/lib/carousel";
import { latestPosts } from "~/lib/posts.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/home";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const slide = slideFromParam(url.searchParams.get("slide"), slideCount(testimonials.length));
  try {
    const posts = await latestPosts(getSupabase(context));
    return data({ posts, postsFailed: false, slide }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    console.error("home: latest posts failed", error);
    return data(
      { posts: [], postsFailed: true, slide },
      { headers: publicCacheHeaders(request, false) },
    );
  }
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    description:
      "Websites, mobile apps, custom software, hosting, bulk SMS, digital marketing, graphic design and AI chatbots for businesses across Africa.",
    path: "/",
    jsonLd: organizationJsonLd(siteFromMatches(matches)),
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <WelcomeVideo />
      <ServicesSection />
      <PortfolioSection />
      <TeamSection initialSlide={loaderData.slide} />
      <AboutSection />
      <LatestArticles posts={loaderData.posts} failed={loaderData.postsFailed} />
      <ContactSection />
      <ChatWidget />
    </>
  );
}

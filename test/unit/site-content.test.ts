import { describe, expect, it } from "vitest";
import { siteContentIn } from "~/domain/site/content.server";
import { slugRedirectsOf } from "~/domain/site/redirects.server";
import type { SiteRows } from "~/domain/site/rows.server";

const text = (en: string, sw?: string, fr?: string) => ({
  en,
  ...(sw ? { sw } : {}),
  ...(fr ? { fr } : {}),
});

function rows(extra: Partial<SiteRows> = {}): SiteRows {
  return {
    settings: {
      id: "site",
      brand_name: "Jenga Digital",
      phone: "+254 712 345 678",
      whatsapp: null,
      email: "hello@jengadigital.co.ke",
      support_email: "support@jengadigital.co.ke",
      office_hours: text("Mon–Fri"),
      cities: ["Nairobi"],
      office_addresses: {},
      country: text("Kenya", "Kenya", "Kenya"),
      social_links: [],
      meta_description: text("Websites."),
      author_fallback_bio: text("A member of our team.", "Mwanachama wa timu yetu."),
      version: 1,
      updated_at: "2026-12-04T00:00:00Z",
    },
    services: [
      {
        id: 1,
        slug: "web-development",
        position: 1,
        published: true,
        icon: "globe",
        image: null,
        price_min: 50000,
        price_max: 300000,
        price_unit: "project",
        title: text("Web Development", "Utengenezaji wa Tovuti"),
        description: text("Fast websites."),
        long_description: text("Fast websites, at length.", "Tovuti za haraka."),
        cta: text("Start", "Anza"),
        features: [text("Responsive", "Inafaa simu"), text("SEO")],
        process: [],
        technologies: [text("React", "React"), text("Vector search")],
        version: 1,
        created_at: "",
        updated_at: "",
      },
    ],
    categories: [],
    projects: [],
    team: [
      {
        id: 1,
        position: 1,
        published: true,
        name: "Brian Otieno",
        photo: null,
        photo_focus: null,
        role: text("Founder", "Mwanzilishi"),
        bio: text("Brian builds websites."),
        version: 1,
        created_at: "",
        updated_at: "",
      },
    ],
    testimonials: [
      {
        id: 1,
        position: 1,
        published: true,
        name: "Wanjiku",
        company: "Savannah",
        quote: text("Great work.", "Kazi nzuri.", "Excellent travail."),
        rating: 5,
        version: 1,
        created_at: "",
        updated_at: "",
      },
    ],
    figures: [],
    legal: [
      {
        id: "terms",
        position: 1,
        published: true,
        title: text("Terms of Service"),
        body: text(
          '<h2>1. Using this site</h2><p onclick="steal()">Write to {email} at {brand}.</p><script>alert(1)</script>',
        ),
        effective_at: "2026-11-15T12:00:00Z",
        version: 1,
        created_at: "",
        updated_at: "",
      },
    ],
    chat: [],
    redirects: [],
    ...extra,
  };
}

describe("the site content of a page", () => {
  it("names the fields shown in English on a Kiswahili page, and only those a view shows", () => {
    const sw = siteContentIn(rows(), "sw");
    const service = sw.services[0];
    expect(service?.title).toBe("Utengenezaji wa Tovuti");
    expect(service?.description).toBe("Fast websites.");
    expect(service?.english).toEqual(["description", "features.1", "technologies.1"]);
    expect(sw.serviceCards[0]).toEqual({
      id: "web-development",
      icon: "globe",
      title: "Utengenezaji wa Tovuti",
      description: "Fast websites.",
      priceFrom: "Kuanzia Ksh\u00a050,000",
      english: ["description"],
    });
    // Fully translated views carry no `english` key at all (the browser gets no more bytes).
    expect(sw.serviceLinks[0]).toEqual({ id: "web-development", title: "Utengenezaji wa Tovuti" });
    expect(sw.testimonials[0]).not.toHaveProperty("english");
    expect(siteContentIn(rows(), "fr").serviceLinks[0]).toEqual({
      id: "web-development",
      title: "Web Development",
      english: ["title"],
    });
  });

  it("marks nothing on English pages", () => {
    const en = siteContentIn(rows(), "en");
    expect(en.services[0]?.english).toBeUndefined();
    // A row without a crop (null: stored before photo_focus) is framed around its centre.
    expect(en.teamCards[0]).toEqual({
      name: "Brian Otieno",
      role: "Founder",
      photo: null,
      photoFocus: "center",
    });
  });

  it("gives a team member's bio to their posts, else the general line, with its language", () => {
    const sw = siteContentIn(rows(), "sw");
    expect(sw.authorBio("Brian Otieno")).toEqual({ text: "Brian builds websites.", lang: "en" });
    expect(sw.authorBio("Guest Writer")).toEqual({ text: "Mwanachama wa timu yetu." });
    expect(siteContentIn(rows(), "fr").authorBio("Guest Writer")).toEqual({
      text: "A member of our team.",
      lang: "en",
    });
  });

  it("fills the legal documents' brand and e-mail as text, through the posts' sanitizer", () => {
    const hostile = rows();
    hostile.settings.brand_name = '<img src=x onerror="alert(1)">Acme';
    const terms = siteContentIn(hostile, "en").legal.terms;
    expect(terms?.html).toContain("Write to hello@jengadigital.co.ke at &lt;img");
    expect(terms?.html).not.toMatch(/<img|onclick|<script|alert\(1\)<\/script>/);
    expect(terms?.html).toContain("<h2>1. Using this site</h2>");
    expect(terms?.effectiveAt).toBe("2026-11-15T12:00:00Z");
  });
});

describe("the former slugs of services and projects", () => {
  it("lead to the current slug, to gone, or nowhere (a hidden item)", () => {
    const redirects = slugRedirectsOf(
      rows({
        redirects: [
          { entity: "services", old_slug: "websites", target_id: 1 },
          { entity: "services", old_slug: "fax-services", target_id: null },
          { entity: "services", old_slug: "hidden-now", target_id: 99 },
          { entity: "portfolio_projects", old_slug: "websites", target_id: null },
        ],
      }),
    );
    expect(redirects.services.get("websites")).toEqual({ moved: "web-development" });
    expect(redirects.services.get("fax-services")).toEqual({ gone: true });
    expect(redirects.services.get("hidden-now")).toBeUndefined();
    expect(redirects.services.get("never-was")).toBeUndefined();
    expect(redirects.projects.get("websites")).toEqual({ gone: true });
  });
});

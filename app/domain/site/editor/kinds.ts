import { PHOTO_FOCUS } from "../photo-focus";
import { type FieldSpec, type KindName, type KindSpec, SERVICE_ICONS } from "./fields";

/**
 * One descriptor per kind of the site's content. Limits and rules equal the database's checks in
 * supabase/migrations/20261204000001_site_content.sql and 20261207000002_content_guards.sql
 * (test/unit/site-kinds.test.ts holds them to it).
 */
/**
 * The Published switch, and what a new item starts as (issue 44, item 4) — one default per kind:
 * - `draft`: services, portfolio projects and portfolio categories. A service or a project is
 *   a page of its own, long and in three languages, that the admin checks with Preview before
 *   visitors see it (a project often waits for the client's go-ahead too); a category would
 *   show as an empty filter on the portfolio until a project is in it.
 * - `published`: team members, testimonials, figures and chat options. Short entries whose form
 *   holds all that visitors see, added when they are true (a colleague has joined, a client has
 *   agreed to be quoted): a box nobody remembered to tick would keep them off the site unseen.
 * The hint under the box says which, and the save's toast says where the item now is.
 */
const published = (newItems: "draft" | "published"): FieldSpec => ({
  name: "published",
  type: "boolean",
  label: "siteEditor.fields.published",
  hint: newItems === "draft" ? "siteEditor.hints.published" : "siteEditor.hints.publishedAtOnce",
  initial: newItems === "published",
});

const slug = (hint: FieldSpec["hint"]): FieldSpec => ({
  name: "slug",
  type: "slug",
  label: "siteEditor.fields.slug",
  hint,
  max: 80,
});

const services: KindSpec = {
  name: "services",
  entity: "services",
  title: "siteEditor.kinds.services.title",
  newLabel: "siteEditor.kinds.services.new",
  intro: "siteEditor.kinds.services.intro",
  nameField: "title",
  ids: "number",
  can: { create: true, delete: true, reorder: true, publish: true },
  order: ["position", "id"],
  preview: "service",
  fields: [
    { name: "title", type: "translated", label: "siteEditor.fields.title", max: 80 },
    slug("siteEditor.hints.serviceSlug"),
    {
      name: "icon",
      type: "select",
      label: "siteEditor.fields.icon",
      options: SERVICE_ICONS,
      optionLabels: "siteEditor.icons",
    },
    { name: "image", type: "image", label: "siteEditor.fields.image", optional: true },
    { name: "price", type: "price", label: "siteEditor.fields.price" },
    { name: "description", type: "translatedLong", label: "siteEditor.fields.summary", max: 300 },
    {
      name: "long_description",
      type: "translatedLong",
      label: "siteEditor.fields.longDescription",
      max: 2000,
    },
    { name: "cta", type: "translated", label: "siteEditor.fields.cta", max: 60 },
    {
      name: "features",
      type: "translatedList",
      label: "siteEditor.fields.features",
      max: 200,
      items: 20,
    },
    { name: "process", type: "processSteps", label: "siteEditor.fields.process", items: 12 },
    {
      name: "technologies",
      type: "translatedList",
      label: "siteEditor.fields.technologies",
      max: 60,
      items: 30,
    },
    published("draft"),
  ],
};

const projects: KindSpec = {
  name: "portfolio",
  entity: "portfolio_projects",
  title: "siteEditor.kinds.portfolio.title",
  newLabel: "siteEditor.kinds.portfolio.new",
  intro: "siteEditor.kinds.portfolio.intro",
  nameField: "title",
  ids: "number",
  can: { create: true, delete: true, reorder: true, publish: true },
  order: ["position", "id"],
  preview: "project",
  fields: [
    { name: "title", type: "translated", label: "siteEditor.fields.title", max: 100 },
    slug("siteEditor.hints.projectSlug"),
    { name: "category_id", type: "category", label: "siteEditor.fields.category" },
    { name: "client", type: "text", label: "siteEditor.fields.client", min: 1, max: 120 },
    { name: "image", type: "image", label: "siteEditor.fields.image", optional: true },
    { name: "description", type: "translatedLong", label: "siteEditor.fields.summary", max: 300 },
    { name: "challenge", type: "translatedLong", label: "siteEditor.fields.challenge", max: 600 },
    { name: "outcome", type: "translatedLong", label: "siteEditor.fields.outcome", max: 600 },
    { name: "tags", type: "textList", label: "siteEditor.fields.tags", max: 40, items: 12 },
    published("draft"),
  ],
};

const categories: KindSpec = {
  name: "portfolio-categories",
  entity: "portfolio_categories",
  title: "siteEditor.kinds.portfolioCategories.title",
  newLabel: "siteEditor.kinds.portfolioCategories.new",
  intro: "siteEditor.kinds.portfolioCategories.intro",
  nameField: "label",
  ids: "number",
  can: { create: true, delete: true, reorder: true, publish: true },
  order: ["position", "id"],
  fields: [
    { name: "label", type: "translated", label: "siteEditor.fields.label", max: 60 },
    slug("siteEditor.hints.categorySlug"),
    published("draft"),
  ],
};

/** The blog's categories and tags (supabase/migrations/20261205100001_blog_taxonomy.sql). */
const blogCategories: KindSpec = {
  name: "blog-categories",
  entity: "blog_categories",
  title: "siteEditor.kinds.blogCategories.title",
  newLabel: "siteEditor.kinds.blogCategories.new",
  intro: "siteEditor.kinds.blogCategories.intro",
  nameField: "label",
  ids: "number",
  can: { create: true, delete: true, reorder: false, publish: false },
  order: ["slug"],
  fields: [
    { name: "label", type: "translated", label: "siteEditor.fields.label", max: 60 },
    slug("siteEditor.hints.blogCategorySlug"),
  ],
};

const blogTags: KindSpec = {
  ...blogCategories,
  name: "blog-tags",
  entity: "blog_tags",
  title: "siteEditor.kinds.blogTags.title",
  newLabel: "siteEditor.kinds.blogTags.new",
  intro: "siteEditor.kinds.blogTags.intro",
  fields: [
    { name: "label", type: "translated", label: "siteEditor.fields.label", max: 60 },
    slug("siteEditor.hints.blogTagSlug"),
  ],
};

const team: KindSpec = {
  name: "team",
  entity: "team_members",
  title: "siteEditor.kinds.team.title",
  newLabel: "siteEditor.kinds.team.new",
  intro: "siteEditor.kinds.team.intro",
  nameField: "name",
  ids: "number",
  can: { create: true, delete: true, reorder: true, publish: true },
  order: ["position", "id"],
  fields: [
    { name: "name", type: "text", label: "siteEditor.fields.name", min: 1, max: 100 },
    { name: "role", type: "translated", label: "siteEditor.fields.role", max: 100 },
    {
      name: "photo",
      type: "image",
      label: "siteEditor.fields.photo",
      optional: true,
      focusField: "photo_focus",
    },
    {
      name: "photo_focus",
      type: "select",
      label: "siteEditor.fields.photoFocus",
      hint: "siteEditor.hints.photoFocus",
      options: PHOTO_FOCUS,
      optionLabels: "siteEditor.photoFocus",
    },
    { name: "bio", type: "translatedLong", label: "siteEditor.fields.bio", max: 600 },
    published("published"),
  ],
};

const testimonials: KindSpec = {
  name: "testimonials",
  entity: "testimonials",
  title: "siteEditor.kinds.testimonials.title",
  newLabel: "siteEditor.kinds.testimonials.new",
  intro: "siteEditor.kinds.testimonials.intro",
  nameField: "name",
  ids: "number",
  can: { create: true, delete: true, reorder: true, publish: true },
  order: ["position", "id"],
  fields: [
    { name: "name", type: "text", label: "siteEditor.fields.name", min: 1, max: 100 },
    { name: "company", type: "text", label: "siteEditor.fields.company", max: 120, optional: true },
    { name: "quote", type: "translatedLong", label: "siteEditor.fields.quote", max: 600 },
    { name: "rating", type: "number", label: "siteEditor.fields.rating", range: [1, 5] },
    published("published"),
  ],
};

const figures: KindSpec = {
  name: "figures",
  entity: "site_figures",
  title: "siteEditor.kinds.figures.title",
  newLabel: "siteEditor.kinds.figures.new",
  intro: "siteEditor.kinds.figures.intro",
  nameField: "label",
  ids: "number",
  can: { create: true, delete: true, reorder: true, publish: true },
  order: ["placement", "position", "id"],
  fields: [
    {
      name: "placement",
      type: "select",
      label: "siteEditor.fields.placement",
      options: ["hero", "about"],
      optionLabels: "siteEditor.placements",
    },
    { name: "value", type: "translated", label: "siteEditor.fields.value", max: 20 },
    { name: "label", type: "translated", label: "siteEditor.fields.label", max: 60 },
    published("published"),
  ],
};

const legal: KindSpec = {
  name: "legal",
  entity: "legal_documents",
  title: "siteEditor.kinds.legal.title",
  newLabel: "siteEditor.kinds.legal.new",
  intro: "siteEditor.kinds.legal.intro",
  nameField: "title",
  ids: "legal",
  can: { create: false, delete: false, reorder: false, publish: false },
  order: ["position", "id"],
  preview: "legal",
  fields: [
    { name: "title", type: "translated", label: "siteEditor.fields.title", max: 120 },
    {
      name: "body",
      type: "translatedHtml",
      label: "siteEditor.fields.body",
      hint: "siteEditor.hints.legalBody",
      max: 100_000,
    },
    {
      name: "effective_at",
      type: "date",
      label: "siteEditor.fields.effectiveAt",
      hint: "siteEditor.hints.effectiveAt",
    },
  ],
};

const chat: KindSpec = {
  name: "chat",
  entity: "chat_options",
  title: "siteEditor.kinds.chat.title",
  newLabel: "siteEditor.kinds.chat.new",
  intro: "siteEditor.kinds.chat.intro",
  nameField: "label",
  ids: "number",
  can: { create: true, delete: true, reorder: true, publish: true },
  order: ["position", "id"],
  fields: [
    { name: "label", type: "translated", label: "siteEditor.fields.label", max: 80 },
    slug("siteEditor.hints.chatSlug"),
    { name: "message", type: "translatedLong", label: "siteEditor.fields.message", max: 500 },
    published("published"),
  ],
};

const settings: KindSpec = {
  name: "settings",
  entity: "site_settings",
  title: "siteEditor.kinds.settings.title",
  newLabel: "siteEditor.kinds.settings.new",
  intro: "siteEditor.kinds.settings.intro",
  nameField: "brand_name",
  ids: "settings",
  can: { create: false, delete: false, reorder: false, publish: false },
  order: ["id"],
  fields: [
    { name: "brand_name", type: "text", label: "siteEditor.fields.brandName", min: 1, max: 80 },
    {
      name: "phone",
      type: "phone",
      label: "siteEditor.fields.phone",
      hint: "siteEditor.hints.phone",
      min: 3,
      max: 40,
    },
    {
      name: "whatsapp",
      type: "phone",
      label: "siteEditor.fields.whatsapp",
      hint: "siteEditor.hints.whatsapp",
      min: 3,
      max: 40,
      optional: true,
    },
    { name: "email", type: "email", label: "siteEditor.fields.email", max: 254 },
    { name: "support_email", type: "email", label: "siteEditor.fields.supportEmail", max: 254 },
    { name: "office_hours", type: "translated", label: "siteEditor.fields.officeHours", max: 200 },
    { name: "country", type: "translated", label: "siteEditor.fields.country", max: 80 },
    {
      name: "cities",
      type: "offices",
      label: "siteEditor.fields.cities",
      hint: "siteEditor.hints.offices",
      max: 80,
      items: 20,
    },
    {
      name: "social_links",
      type: "socialLinks",
      label: "siteEditor.fields.socialLinks",
      items: 10,
    },
    {
      name: "meta_description",
      type: "translatedLong",
      label: "siteEditor.fields.metaDescription",
      hint: "siteEditor.hints.metaDescription",
      max: 300,
    },
    {
      name: "author_fallback_bio",
      type: "translatedLong",
      label: "siteEditor.fields.authorBio",
      hint: "siteEditor.hints.authorBio",
      max: 600,
    },
  ],
};

export const KINDS: Record<KindName, KindSpec> = {
  services,
  portfolio: projects,
  "portfolio-categories": categories,
  "blog-categories": blogCategories,
  "blog-tags": blogTags,
  team,
  testimonials,
  figures,
  legal,
  chat,
  settings,
};

/** The kinds in the admin navigation's order. */
export const KIND_ORDER: readonly KindName[] = [
  "services",
  "portfolio",
  "portfolio-categories",
  "blog-categories",
  "blog-tags",
  "team",
  "testimonials",
  "figures",
  "legal",
  "chat",
  "settings",
];

/** The kind of an admin path (`/admin/services/3/history` → services), or null. */
export function kindOfPath(pathname: string): KindSpec | null {
  const segment = /^\/admin\/([a-z-]+)(?:\/|\.data$|$)/.exec(pathname)?.[1];
  return segment && segment in KINDS ? KINDS[segment as KindName] : null;
}

import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The pages every language has. English keeps today's paths (and route ids); Kiswahili and
 * French mount the same modules under `/sw` and `/fr` with ids of their own (`sw:…`), so a page's
 * language is its path's. Any other prefix (`/de/…`) is the catch-all's 404.
 */
type Page = [path: string, file: string, id?: string];

const PAGES: Page[] = [
  ["services", "routes/services/index.tsx"],
  ["services/:serviceId", "routes/services/detail.tsx"],
  ["blog", "routes/blog/index.tsx"],
  ["blog/rss.xml", "routes/blog/rss.ts"],
  ["blog/:postId", "routes/blog/post.tsx"],
  ["contact", "routes/contact.tsx"],
  ["newsletter", "routes/newsletter.tsx"],
  ["newsletter/confirm", "routes/newsletter/link.tsx", "newsletter-confirm"],
  ["newsletter/unsubscribe", "routes/newsletter/link.tsx", "newsletter-unsubscribe"],
  ["terms", "routes/legal/document.tsx", "terms"],
  ["privacy", "routes/legal/document.tsx", "privacy"],
  ["login", "routes/auth/login.tsx"],
  ["signup", "routes/auth/signup.tsx"],
  ["logout", "routes/auth/logout.tsx"],
  ["forgot-password", "routes/auth/forgot-password.tsx"],
  ["auth/confirm", "routes/auth/confirm.tsx"],
  ["invitations/:token", "routes/invitation.tsx"],
  ["404", "routes/not-found.tsx", "not-found"],
];

/** Pages for signed-in visitors: their layout sends anyone else to the login page. */
const ACCOUNT_PAGES: Page[] = [
  ["profile", "routes/account/profile.tsx"],
  ["profile/data", "routes/account/profile-data.ts"],
  ["dashboard", "routes/account/dashboard.tsx"],
  ["portfolio", "routes/account/portfolio.tsx"],
  ["files/:organisationId/*", "routes/account/file.ts"],
  ["organisations/:organisationId", "routes/account/organisation.tsx"],
  ["organisations/:organisationId/projects/:projectId", "routes/account/project.tsx"],
  ["organisations/:organisationId/projects/:projectId/files", "routes/account/project-files.tsx"],
  [
    "organisations/:organisationId/projects/:projectId/files/resumable",
    "routes/account/project-files-resumable.ts",
    "project-files-resumable",
  ],
  [
    "organisations/:organisationId/projects/:projectId/files/resumable/:uploadId",
    "routes/account/project-files-resumable.ts",
    "project-files-resumable-part",
  ],
  [
    "organisations/:organisationId/projects/:projectId/decisions.csv",
    "routes/account/project-decisions-csv.ts",
  ],
  ["organisations/:organisationId/invoices", "routes/account/invoices.tsx"],
  ["organisations/:organisationId/invoices/:invoiceId", "routes/account/invoice.tsx"],
  ["organisations/:organisationId/invoices/:invoiceId/pdf", "routes/account/invoice-pdf.ts"],
  ["organisations/:organisationId/payments/:pushId", "routes/account/payment.tsx"],
  ["organisations/:organisationId/quotes/:quoteId", "routes/account/quote.tsx"],
];

/**
 * Pages whose posts need a session while a read is the page's own: the forms over every page for
 * signed-in visitors (a GET goes home) and the new password's page (a GET without a session
 * goes to the page that sends a reset link). Their layout guards the posts.
 */
const ACCOUNT_FORMS: Page[] = [
  ["onboarding", "routes/account/onboarding.tsx"],
  ["email-banner", "routes/account/email-banner.tsx"],
  ["reset-password", "routes/auth/reset-password.tsx"],
];

/** English keeps the file's id; Kiswahili and French prefix path and id with the language. */
function mount(lang: "en" | "sw" | "fr", pages: Page[]) {
  return pages.map(([path, file, id]) =>
    lang === "en"
      ? route(path, file, id ? { id } : {})
      : route(`${lang}/${path}`, file, { id: `${lang}:${id ?? withoutExtension(file)}` }),
  );
}

function withoutExtension(file: string) {
  return file.replace(/\.tsx?$/, "");
}

/** A guarded area's layout in one language (app/routes/account/layout.ts and its kin). */
function guarded(lang: "en" | "sw" | "fr", file: string, pages: Page[]) {
  const id = lang === "en" ? withoutExtension(file) : `${lang}:${withoutExtension(file)}`;
  return layout(file, { id }, mount(lang, pages));
}

/** Every page of one language: the public ones and the account area under its guards. */
function pages(lang: "en" | "sw" | "fr") {
  return [
    ...mount(lang, PAGES),
    guarded(lang, "routes/account/layout.ts", ACCOUNT_PAGES),
    guarded(lang, "routes/account/forms-layout.ts", ACCOUNT_FORMS),
  ];
}

function translated(lang: "sw" | "fr") {
  return [
    route(lang, "routes/home.tsx", { id: `${lang}:routes/home` }),
    ...pages(lang),
    route(`${lang}/*`, "routes/not-found.tsx", { id: `${lang}:catch-all` }),
  ];
}

/**
 * A site editor in /admin (the kinds of app/domain/site/editor/kinds.ts): its list, new item,
 * item and the item's history, all served by the three shared modules.
 */
function siteEditor(kind: string, { create = true } = {}) {
  return [
    route(`admin/${kind}`, "routes/admin/site-list.tsx", { id: `admin-${kind}` }),
    ...(create
      ? [route(`admin/${kind}/new`, "routes/admin/site-edit.tsx", { id: `admin-${kind}-new` })]
      : []),
    route(`admin/${kind}/:id`, "routes/admin/site-edit.tsx", { id: `admin-${kind}-item` }),
    route(`admin/${kind}/:id/history`, "routes/admin/site-history.tsx", {
      id: `admin-${kind}-history`,
    }),
  ];
}

export default [
  index("routes/home.tsx"),
  ...pages("en"),
  ...translated("sw"),
  ...translated("fr"),
  route("language", "routes/language.ts"),
  // Every /admin route: the layout's middleware lets administrators only in.
  layout("routes/admin/layout.ts", [
    route("admin", "routes/admin/overview.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/messages/:id", "routes/admin/message.tsx"),
    route("admin/clients", "routes/admin/clients.tsx"),
    route("admin/clients/:id", "routes/admin/client.tsx"),
    route("admin/clients/:id/projects/new", "routes/admin/project-new.tsx"),
    route("admin/clients/:id/projects/:projectId", "routes/admin/project.tsx"),
    route("admin/clients/:id/projects/:projectId/files", "routes/admin/project-files.tsx"),
    // The client's portal as its members see it, read only (issue 42, item 6).
    route("admin/clients/:id/view", "routes/admin/client-view.tsx"),
    route("admin/clients/:id/view/projects/:projectId", "routes/admin/client-project-view.tsx"),
    route("admin/clients/:id/view/projects/:projectId/files", "routes/admin/client-files-view.tsx"),
    route("admin/clients/:id/view/invoices", "routes/admin/client-invoices-view.tsx"),
    route("admin/clients/:id/view/invoices/:invoiceId", "routes/admin/client-invoice-view.tsx"),
    route(
      "admin/clients/:id/view/invoices/:invoiceId/pdf",
      "routes/admin/client-invoice-pdf-view.ts",
    ),
    route("admin/clients/:id/view/quotes/:quoteId", "routes/admin/client-quote-view.tsx"),
    route(
      "admin/clients/:id/projects/:projectId/decisions.csv",
      "routes/admin/project-decisions-csv.ts",
    ),
    route("admin/quotes", "routes/admin/quotes.tsx"),
    route("admin/quotes/new", "routes/admin/quote-new.tsx"),
    route("admin/quotes/:id", "routes/admin/quote.tsx"),
    route(
      "admin/clients/:id/projects/:projectId/deliverables/:deliverableId/versions",
      "routes/admin/deliverable-version.ts",
    ),
    // Invoices, payments and billing settings (issue 43).
    route("admin/billing", "routes/admin/billing.tsx"),
    route("admin/clients/:id/invoices/new", "routes/admin/invoice-new.tsx"),
    route("admin/invoices", "routes/admin/invoices.tsx"),
    route("admin/invoices.csv", "routes/admin/invoices-csv.ts"),
    route("admin/invoices/:id/pdf", "routes/admin/invoice-pdf.ts"),
    route("admin/invoices/:id", "routes/admin/invoice.tsx"),
    route("admin/payments", "routes/admin/payments.tsx"),
    route("admin/subscribers", "routes/admin/subscribers.tsx"),
    route("admin/subscribers.csv", "routes/admin/subscribers-csv.ts"),
    route("admin/people", "routes/admin/people.tsx"),
    route("admin/analytics", "routes/admin/analytics.tsx"),
    route("admin/analytics.csv", "routes/admin/analytics-csv.ts"),
    route("admin/activity", "routes/admin/activity.tsx"),
    route("admin/jobs", "routes/admin/jobs.tsx"),
    route("admin/posts", "routes/admin/posts-list.tsx"),
    route("admin/posts/new", "routes/admin/post-new.tsx"),
    route("admin/posts/:id", "routes/admin/post-edit.tsx"),
    route("admin/posts/:id/history", "routes/admin/site-history.tsx", {
      id: "admin-posts-history",
    }),
    ...siteEditor("services"),
    ...siteEditor("portfolio"),
    ...siteEditor("portfolio-categories"),
    ...siteEditor("blog-categories"),
    ...siteEditor("blog-tags"),
    ...siteEditor("team"),
    ...siteEditor("testimonials"),
    ...siteEditor("figures"),
    ...siteEditor("legal", { create: false }),
    ...siteEditor("chat"),
    route("admin/settings", "routes/admin/site-edit.tsx", { id: "admin-settings" }),
    route("admin/settings/history", "routes/admin/site-history.tsx", {
      id: "admin-settings-history",
    }),
    route("admin/media", "routes/admin/media-library.tsx"),
    route("admin/media/upload", "routes/admin/media-upload.ts"),
  ]),
  route("media/:hash/:file", "routes/media.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;

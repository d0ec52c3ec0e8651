import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import type { Route } from "./+types/root";
import { AccountOverlays } from "./components/account/account-overlays";
import { MetaWithErrorTitle } from "./components/forms/error-title";
import { LanguageSuggestionBanner } from "./components/layout/language-suggestion";
import { ShellNavigation } from "./components/layout/shell-links";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { NotFound } from "./components/not-found";
import { StatusPage } from "./components/status-page";
import { ToasterHost, Toasts } from "./components/toasts/toasts";
import type { GonePage } from "./domain/site/redirects.server";
import { TranslateContext, translatorFrom, useT } from "./i18n/use-t";
import { rememberTypedTextareas, useTypedTextareasKept } from "./lib/typed-before-hydration";
import type { loader as rootLoader } from "./root.server";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/logo.svg", type: "image/svg+xml" },
];

export { loader, middleware } from "./root.server";

// Before the page hydrates: what a visitor already typed (app/lib/typed-before-hydration.ts).
rememberTypedTextareas();

/**
 * `<html data-hydrated>` once React has hydrated the page and run its effects (a parent's effect
 * runs after its children's): the public signal end-to-end tests wait on
 * (test/e2e/helpers/hydrated.ts). Never in the server's HTML.
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof rootLoader>("root");
  const t = useT();
  useTypedTextareasKept();
  useHydratedMarker();
  return (
    <TranslateContext value={t}>
      <ShellNavigation>
        <html lang={t.locale}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="theme-color" content="#047857" />
            {/* precedence: React emits it ahead of the JS preloads, so the one render-blocking request starts first. */}
            <link rel="stylesheet" href={stylesheet} precedence="default" />
            <MetaWithErrorTitle />
            <Links />
          </head>
          <body className="flex min-h-screen flex-col">
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
            >
              {t("common.skipToContent")}
            </a>
            <SiteHeader user={loaderData?.user ?? null} />
            {loaderData?.suggestion ? (
              <LanguageSuggestionBanner suggestion={loaderData.suggestion} />
            ) : null}
            <Toasts toasts={[loaderData?.toast]} className="mt-20" />
            <ToasterHost />
            <AccountOverlays />
            <main id="main" className="flex-1">
              <HoneypotProvider {...loaderData?.honeypotInputProps}>{children}</HoneypotProvider>
            </main>
            <SiteFooter />
            <ScrollRestoration />
            <Scripts />
          </body>
        </html>
      </ShellNavigation>
    </TranslateContext>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  const brand = loaderData?.site.brandName ?? "Jenga Digital";
  if (error) {
    const t = translatorFrom(matches);
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: `${t(notFound ? "errors.notFoundTitle" : "errors.fallbackTitle")} | ${brand}` },
    ];
  }
  return [{ title: brand }];
}

/** The shared error boundary: the Not Found screen for 404, a page per status otherwise. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const given = isRouteErrorResponse(error) ? (error.data as Partial<GonePage> | null) : null;
  const said = (text: unknown) => (status < 500 && typeof text === "string" ? text : undefined);
  const link = status === 410 && given?.link ? given.link : undefined;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <StatusPage
      status={status}
      title={said(given?.title)}
      message={said(given?.message)}
      link={link}
      stack={stack}
    />
  );
}

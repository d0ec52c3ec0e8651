import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import type { Route } from "./+types/root";
import { AccountOverlays } from "./components/account/account-overlays";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { NotFound } from "./components/not-found";
import { ToasterHost, Toasts } from "./components/toasts/toasts";
import { getAccountShellData } from "./lib/account-shell.server";
import { getSessionUser } from "./lib/auth.server";
import { honeypot } from "./lib/forms.server";
import { getSiteConfig } from "./lib/site-config.server";
import { supabaseMiddleware } from "./lib/supabase-middleware.server";
import { getToast } from "./lib/toast.server";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/logo.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [supabaseMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, { toast, headers }, honeypotInputProps] = await Promise.all([
    getSessionUser(context),
    getToast(request),
    honeypot.getInputProps(),
  ]);
  const account = await getAccountShellData(request, user);
  return data({ site: getSiteConfig(), user, toast, honeypotInputProps, ...account }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        {/* precedence: React emits it ahead of the JS preloads, so the one render-blocking request starts first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader user={loaderData?.user ?? null} />
        <Toasts toasts={[loaderData?.toast]} />
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
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const brand = loaderData?.site.brandName ?? "Jenga Digital";
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: `${notFound ? "Page Not Found" : "Something went wrong"} | ${brand}` }];
  }
  return [{ title: brand }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center px-4 pt-24 pb-16 text-center">
      <p className="text-5xl font-extrabold text-brand-700">{status}</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 max-w-md text-slate-600">
        We're sorry — an unexpected error occurred. Please try again in a moment.
      </p>
      <a href="/" className="mt-8 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
        Return to Home
      </a>
      {stack ? (
        <pre className="mt-8 max-w-full overflow-auto text-left text-xs">{stack}</pre>
      ) : null}
    </section>
  );
}

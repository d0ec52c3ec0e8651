import { useRouteLoaderData } from "react-router";

/**
 * Where "Portfolio" leads: the portfolio page for a signed-in visitor; for anyone else the home
 * page's portfolio section, since the page itself asks them to sign in first
 * (the page is in the account area, app/routes.ts).
 */
export function portfolioPath(signedIn: boolean): string {
  return signedIn ? "/portfolio" : "/#portfolio";
}

/** Whether the page was rendered for a signed-in visitor (the root loader's user). */
export function useSignedIn(): boolean {
  const root = useRouteLoaderData("root") as { user?: unknown } | undefined;
  return Boolean(root?.user);
}

/** The main navigation for a signed-out or signed-in visitor (English paths). */
export function mainNav(signedIn: boolean) {
  return [
    { to: "/", label: "nav.home" },
    { to: "/services", label: "nav.services" },
    { to: "/blog", label: "nav.blog" },
    { to: portfolioPath(signedIn), label: "nav.portfolio" },
    { to: "/contact", label: "nav.contact" },
  ] as const;
}

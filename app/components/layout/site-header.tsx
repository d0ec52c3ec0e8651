import { useRef } from "react";
import { Form } from "react-router";
import { SvgIcon } from "~/components/icons";
import type { SessionUser } from "~/domain/accounts/session-user";
import { useT } from "~/i18n/use-t";
import { useSiteConfig } from "~/lib/site-config";
import { AccountMenu } from "./account-menu";
import { LanguageSwitcher } from "./language-switcher";
import { mainNav } from "./nav-links";
import { ShellLink, ShellNavLink } from "./shell-links";
import { useDisclosure } from "./use-disclosure";
import { useScrollFallback } from "./use-scroll-fallback";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"
  }`;

export function BrandMark() {
  const { brandName } = useSiteConfig();
  const t = useT();
  return (
    <ShellLink
      to={t.path("/")}
      className="flex items-center gap-2 text-lg font-bold text-slate-900"
    >
      <img src="/logo.svg" alt="" width={32} height={32} />
      <span>{brandName}</span>
    </ShellLink>
  );
}

/** Fixed top navigation with scroll progress; the mobile menu is a <details>, so no JS needed. */
export function SiteHeader({ user }: { user: SessionUser | null }) {
  const header = useRef<HTMLElement>(null);
  const t = useT();
  useScrollFallback(header);
  return (
    <header
      ref={header}
      className="site-header fixed inset-x-0 top-0 z-40 border-b border-slate-200/60 bg-white/90 backdrop-blur"
    >
      <div
        className="scroll-progress absolute inset-x-0 top-0 h-1 bg-brand-600"
        aria-hidden="true"
      />
      <nav
        aria-label={t("nav.main")}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <BrandMark />
        <ul className="hidden items-center gap-1 md:flex">
          {mainNav(user !== null).map((item) => (
            <li key={item.label}>
              {item.to.includes("#") ? (
                // A section of the home page: never "the current page" (the Home link is).
                <ShellLink to={t.path(item.to)} className={navLinkClass({ isActive: false })}>
                  {t(item.label)}
                </ShellLink>
              ) : (
                <ShellNavLink to={t.path(item.to)} end={item.to === "/"} className={navLinkClass}>
                  {t(item.label)}
                </ShellNavLink>
              )}
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitcher
            compact
            linkClassName="block px-1.5 py-2 text-sm text-slate-700 hover:text-brand-700"
          />
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              <ShellLink
                to={t.path("/login")}
                className="px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700"
              >
                {t("nav.login")}
              </ShellLink>
              <ShellLink
                to={t.path("/signup")}
                className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {t("nav.getStarted")}
              </ShellLink>
            </>
          )}
        </div>
        <MobileMenu user={user} />
      </nav>
    </header>
  );
}

function MobileMenu({ user }: { user: SessionUser | null }) {
  const ref = useDisclosure();
  const t = useT();
  const item = "block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100";
  return (
    <details ref={ref} className="group md:hidden" data-testid="mobile-menu">
      <summary className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-md text-slate-800 hover:bg-slate-100">
        <SvgIcon name="menu" className="group-open:hidden" />
        <SvgIcon name="close" className="hidden group-open:block" />
        <span className="sr-only">{t("nav.menu")}</span>
      </summary>
      <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg">
        <ul>
          {mainNav(user !== null).map((link) => (
            <li key={link.label}>
              <ShellLink to={t.path(link.to)} className={item}>
                {t(link.label)}
              </ShellLink>
            </li>
          ))}
        </ul>
        <div className="mt-2 border-t border-slate-200 pt-2">
          {user ? (
            <>
              <p className="px-3 py-2 text-sm text-slate-600">{user.email}</p>
              <ShellLink to={t.path("/profile")} className={item}>
                {t("nav.profile")}
              </ShellLink>
              <ShellLink to={t.path("/dashboard")} className={item}>
                {t("nav.dashboard")}
              </ShellLink>
              <Form method="post" action={t.path("/logout")}>
                <button type="submit" className={`${item} w-full text-left`}>
                  {t("nav.signOut")}
                </button>
              </Form>
            </>
          ) : (
            <>
              <ShellLink to={t.path("/login")} className={item}>
                {t("nav.login")}
              </ShellLink>
              <ShellLink
                to={t.path("/signup")}
                className={`${item} bg-brand-700 text-center text-white hover:bg-brand-800`}
              >
                {t("nav.getStarted")}
              </ShellLink>
            </>
          )}
        </div>
        <LanguageSwitcher
          className="mt-2 border-t border-slate-200 pt-2"
          linkClassName="block rounded-md px-3 py-3 text-base text-slate-800 hover:bg-slate-100"
        />
      </div>
    </details>
  );
}

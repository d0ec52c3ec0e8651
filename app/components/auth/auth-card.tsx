import type { ReactNode } from "react";
import { Link } from "react-router";

/** The centred card of the sign-in, sign-up and password pages (below the fixed nav). */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-[80vh] items-start justify-center bg-slate-50 px-4 pt-28 pb-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-center text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </div>
  );
}

export const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline";

/** The `<link>` of a message such as "Remembered it? <link>Sign in</link>", as a link to `to`. */
export function linkTo(to: string) {
  return (children: ReactNode[], key: number) => (
    <Link key={key} to={to} className={linkClass}>
      {children}
    </Link>
  );
}

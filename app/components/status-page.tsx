import { Link } from "react-router";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";

/** What each error status tells the visitor (the 404 has its own screen: `NotFound`). */
const STATUS_COPY: Record<number, { title: MessageKey; message: MessageKey }> = {
  403: { title: "errors.forbiddenTitle", message: "errors.forbiddenText" },
  429: { title: "errors.tooManyTitle", message: "errors.tooManyText" },
  503: { title: "errors.unavailableTitle", message: "errors.unavailableText" },
};
const FALLBACK = { title: "errors.fallbackTitle", message: "errors.fallbackText" } as const;

/** The error screen of a status (403, 429, 500, 503, …), with a way home. */
export function StatusPage({
  status,
  title,
  message,
  link,
  stack,
}: {
  status: number;
  /** Server-provided words (e.g. a gone page's, or the wait of a rate limit). */
  title?: string;
  message?: string;
  /** Where to go instead of the home page (already in the page's language). */
  link?: { to: string; label: string };
  stack?: string;
}) {
  const copy = STATUS_COPY[status] ?? FALLBACK;
  const t = useT();
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center px-4 pt-24 pb-16 text-center">
      <p className="text-5xl font-extrabold text-brand-700">{status}</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title ?? t(copy.title)}</h1>
      <p className="mt-3 max-w-md text-slate-600">{message ?? t(copy.message)}</p>
      <Link
        to={link?.to ?? t.path("/")}
        className="mt-8 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {link?.label ?? t("common.returnHome")}
      </Link>
      {stack ? (
        <pre className="mt-8 max-w-full overflow-auto text-left text-xs">{stack}</pre>
      ) : null}
    </section>
  );
}

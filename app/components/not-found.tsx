import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { GoBackButton } from "./go-back-button";

/** The 'Page Not Found' screen, used for unknown paths, /404 and unknown ids (status 404). */
export function NotFound() {
  const t = useT();
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center px-4 pt-24 pb-16 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t("errors.notFoundTitle")}</h1>
      <p className="mt-3 max-w-md text-slate-600">{t("errors.notFoundText")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <GoBackButton label={t("common.goBack")} fallback={t.path("/")} />
        <Link
          to={t.path("/")}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t("common.returnHome")}
        </Link>
      </div>
    </section>
  );
}

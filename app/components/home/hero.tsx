import { Link } from "react-router";
import type { FigureView } from "~/domain/site/content.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";

/** The hero: headline, calls to action, headline figures and the (eagerly loaded) artwork. */
export function Hero({ figures }: { figures: readonly FigureView[] }) {
  const t = useT();
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 px-4 pt-28 pb-20 text-white sm:px-6"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="font-semibold text-accent-400">{t("home.tagline")}</p>
          <h1
            id="hero-heading"
            className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t("home.heroTitle")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-100">{t("home.heroText")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={t.path("/contact")}
              className="rounded-lg bg-accent-400 px-6 py-3 font-semibold text-slate-900 hover:bg-accent-500"
            >
              {t("home.startProject")}
            </Link>
            <a
              href="#services"
              className="rounded-lg border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10"
            >
              {t("home.exploreServices")}
            </a>
          </div>
          <dl className="mt-12 grid max-w-lg grid-cols-2 gap-6 sm:grid-cols-4">
            {figures.map((figure) => (
              <div key={figure.label} className="flex flex-col-reverse">
                <dt className="text-sm text-brand-100" lang={langOf(figure, "label")}>
                  {figure.label}
                </dt>
                <dd className="text-3xl font-bold text-white" lang={langOf(figure, "value")}>
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <img
          src="/images/hero.svg"
          alt={t("home.heroImageAlt")}
          width={640}
          height={480}
          fetchPriority="high"
          className="mx-auto w-full max-w-xl"
        />
      </div>
    </section>
  );
}

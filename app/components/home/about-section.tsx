import type { FigureView } from "~/domain/site/content.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { HomeSection } from "./section";

export function AboutSection({ figures }: { figures: readonly FigureView[] }) {
  const t = useT();
  return (
    <HomeSection id="about" title={t("home.aboutTitle")}>
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className="space-y-4 text-lg text-slate-700">
          <p>{t("home.aboutText1")}</p>
          <p>{t("home.aboutText2")}</p>
        </div>
        <dl className="grid grid-cols-2 gap-6">
          {figures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse rounded-2xl bg-brand-50 p-6 text-center"
            >
              <dt className="mt-1 text-slate-700" lang={langOf(figure, "label")}>
                {figure.label}
              </dt>
              <dd className="text-3xl font-bold text-brand-800" lang={langOf(figure, "value")}>
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </HomeSection>
  );
}

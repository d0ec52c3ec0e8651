import { aboutStats, agencyFigures } from "~/content/stats";
import { formatPercent } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { HomeSection } from "./section";

export function AboutSection() {
  const t = useT();
  const uptime = formatPercent(Number.parseFloat(agencyFigures.uptime) / 100, t.locale);
  const value = (stat: (typeof aboutStats)[number]) =>
    stat.label === "home.statUptime"
      ? uptime
      : stat.label === "home.statReplyTime"
        ? t("home.replyHours", { hours: agencyFigures.replyHours })
        : stat.value;
  return (
    <HomeSection id="about" title={t("home.aboutTitle")}>
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className="space-y-4 text-lg text-slate-700">
          <p>{t("home.aboutText1")}</p>
          <p>{t("home.aboutText2")}</p>
        </div>
        <dl className="grid grid-cols-2 gap-6">
          {aboutStats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl bg-brand-50 p-6 text-center"
            >
              <dt className="mt-1 text-slate-700">{t(stat.label)}</dt>
              <dd className="text-3xl font-bold text-brand-800">{value(stat)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </HomeSection>
  );
}

import { aboutStats } from "~/content/stats";
import { HomeSection } from "./section";

export function AboutSection() {
  return (
    <HomeSection id="about" title="About Us">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className="space-y-4 text-lg text-slate-700">
          <p>
            We are a digital agency based in Nairobi and Mombasa, helping businesses across Africa
            grow with technology that works for their customers — on every phone and every
            connection.
          </p>
          <p>
            From start-ups to Saccos, clinics and schools, we design, build, host and market digital
            products, and we stay with our clients long after launch. Our hosting runs with 99.9%
            uptime and we reply to every message within 24 hours.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-6">
          {aboutStats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl bg-brand-50 p-6 text-center"
            >
              <dt className="mt-1 text-slate-700">{stat.label}</dt>
              <dd className="text-3xl font-bold text-brand-800">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </HomeSection>
  );
}

import { type Audit, medianOf } from "../../bench/lib/lighthouse";

/**
 * The mobile gate's bounds (test/lighthouse/mobile-scores.test.ts), judged on the median of
 * `RUNS` audits of a page: performance at least 98, the other categories 100, and what the score
 * rests on — first paint well under Lighthouse's 1.8 s mark, no layout shift to speak of.
 */
export const RUNS = 3;
const MAJORITY = Math.floor(RUNS / 2) + 1;

type Figures = Pick<Audit, "scores" | "metrics">;

/** The bounds one set of figures misses (none: it meets the gate). */
export function missedBounds({ scores, metrics }: Figures): string[] {
  return [
    scores.performance >= 98 ? "" : `performance ${scores.performance} < 98`,
    scores.accessibility === 100 ? "" : `accessibility ${scores.accessibility} ≠ 100`,
    scores["best-practices"] === 100 ? "" : `best practices ${scores["best-practices"]} ≠ 100`,
    scores.seo === 100 ? "" : `SEO ${scores.seo} ≠ 100`,
    metrics["first-contentful-paint"] < 1_800
      ? ""
      : `FCP ${Math.round(metrics["first-contentful-paint"])} ms ≥ 1800`,
    metrics["cumulative-layout-shift"] < 0.1
      ? ""
      : `CLS ${metrics["cumulative-layout-shift"]} ≥ 0.1`,
  ].filter(Boolean);
}

/**
 * Whether the runs so far decide the gate: once a majority of `RUNS` meet every bound, each
 * score's and metric's median over `RUNS` meets it too, whatever the other runs would measure
 * (the median of three lies between two runs that both meet a bound). So the series stops there.
 */
export const decided = (measured: Figures[]) =>
  measured.filter((audit) => missedBounds(audit).length === 0).length >= MAJORITY;

/** The bounds the page misses: none once decided, else those the medians of all runs miss. */
export function gateVerdict(measured: Figures[]): string[] {
  if (decided(measured)) return [];
  if (measured.length < RUNS) return [`${measured.length} of ${RUNS} runs measured`];
  return missedBounds(medianOf(measured as Audit[]));
}

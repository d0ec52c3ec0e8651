import { useEffect, useRef, useState } from "react";
import { type TypedLineText, type TypedTotals, typedTotals } from "~/domain/billing/typed-totals";
import { formatCents } from "~/domain/invoices/money";
import type { Locale } from "~/i18n/locale";

/** How an editor names its line fields: the invoice's `l0_unit_price`, the quote's `price_0`. */
const NAMES = {
  invoice: (field: keyof TypedLineText, i: number) =>
    `l${i}_${({ description: "description", quantity: "quantity", price: "unit_price", vat: "vat_rate" } as const)[field]}`,
  quote: (field: keyof TypedLineText, i: number) => `${field}_${i}`,
} as const;

/** The lines the form holds now, as typed. */
function typedLines(form: HTMLFormElement, naming: keyof typeof NAMES): TypedLineText[] {
  const name = NAMES[naming];
  const value = (field: keyof TypedLineText, i: number) => {
    const element = form.elements.namedItem(name(field, i));
    return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? element.value
      : "";
  };
  const lines: TypedLineText[] = [];
  for (let i = 0; form.elements.namedItem(name("price", i)); i += 1) {
    lines.push({
      description: value("description", i),
      quantity: value("quantity", i),
      price: value("price", i),
      vat: value("vat", i),
    });
  }
  return lines;
}

/**
 * The totals of a draft's lines as they are typed, updated at each keystroke (issue 43: live
 * totals in the line editor). Progressive enhancement: rendered only once the page's script
 * runs — without JavaScript the editor shows the saved totals and the server's answer, as
 * before — and only a preview: the server reads the form again and the database computes what
 * is saved. Same reading of shillings and same rounding as the server (typed-totals.ts).
 */
export function LiveTotals({
  naming,
  locale,
  labels,
}: {
  naming: keyof typeof NAMES;
  locale: Locale;
  labels: { heading: string; incomplete: string; subtotal: string; vat: string; total: string };
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [totals, setTotals] = useState<TypedTotals | null>(null);
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const update = () => {
      try {
        setTotals(typedTotals(typedLines(form, naming)));
      } catch {
        // Sums beyond what the database takes: the server will say so.
        setTotals(null);
      }
    };
    update();
    form.addEventListener("input", update);
    return () => form.removeEventListener("input", update);
  }, [naming]);
  const money = (cents: number) => formatCents(cents, locale);
  return (
    <div ref={anchor} data-testid="live-totals" aria-live="polite">
      {totals ? (
        <section className="rounded-lg border border-brand-200 bg-brand-50 p-4">
          <h3 className="font-semibold text-slate-900">{labels.heading}</h3>
          <dl className="mt-2 grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            <dt>{labels.subtotal}</dt>
            <dd className="text-right">{money(totals.subtotalCents)}</dd>
            <dt>{labels.vat}</dt>
            <dd className="text-right">{money(totals.vatCents)}</dd>
            <dt className="font-bold">{labels.total}</dt>
            <dd className="text-right font-bold" data-live-total="">
              {money(totals.totalCents)}
            </dd>
          </dl>
          {totals.incomplete > 0 ? (
            <p className="mt-2 text-sm text-amber-800">{labels.incomplete}</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

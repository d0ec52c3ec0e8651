import { computeLine, computeTotals, type DocumentLine } from "~/domain/invoices/document";
import { parseKesCents, parsePercentBp } from "./money-input";

/** One line as typed in an editor (the form's text, nothing parsed yet). */
export interface TypedLineText {
  description: string;
  quantity: string;
  price: string;
  vat: string;
}

export interface TypedTotals {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  /** Lines left out of the sums: something in them the server would refuse. */
  incomplete: number;
}

const QUANTITY = /^\s*\d{1,5}\s*$/;

/**
 * The totals of the lines as typed, by the same reading (money-input.ts) and the same rounding
 * rule (document.ts: VAT per line, half away from zero) as the server's, for the editors' live
 * preview. Blank lines count for nothing; a line the server would refuse is left out and
 * counted in `incomplete`. Only a preview: the server reads the form again and the database
 * computes what is saved.
 */
export function typedTotals(lines: readonly TypedLineText[]): TypedTotals {
  const counted: DocumentLine[] = [];
  let incomplete = 0;
  for (const line of lines) {
    if (!line.description.trim() && !line.price.trim()) continue;
    const quantity = QUANTITY.test(line.quantity) ? Number(line.quantity) : Number.NaN;
    const unitPriceCents = parseKesCents(line.price, { negative: true });
    const vatRateBp = parsePercentBp(line.vat);
    if (
      !line.description.trim() ||
      !(quantity >= 1 && quantity <= 10_000) ||
      unitPriceCents === undefined ||
      vatRateBp === undefined
    ) {
      incomplete += 1;
      continue;
    }
    counted.push(
      computeLine({ description: line.description, quantity, unitPriceCents, vatRateBp }),
    );
  }
  const totals = computeTotals(counted);
  return {
    subtotalCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
    incomplete,
  };
}

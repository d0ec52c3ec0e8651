import type { PostgrestError } from "@supabase/supabase-js";
import type { AppSupabase } from "~/infra/supabase.server";

/** One typed line of a draft, in integer cents and basis points. */
export interface DraftLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
}

/**
 * Replaces a draft quote's or invoice's lines with `lines`, in order, in one transaction
 * (public.replace_draft_lines, 20261235000001_draft_lines.sql): all of them, or — on any
 * refusal — the old ones untouched. The database refuses a sent or issued document (23514, hint
 * 'sent' / 'issued') and answers P0002 to a caller who may not update it.
 */
export async function replaceDraftLines(
  supabase: AppSupabase,
  document: "quote" | "invoice",
  id: number,
  lines: readonly DraftLine[],
): Promise<PostgrestError | null> {
  const { error } = await supabase.rpc("replace_draft_lines", {
    p_document: document,
    p_id: id,
    p_lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      // Exact: the largest price (10^11 cents) is far below 2^53.
      unit_price_cents: line.unitPriceCents,
      vat_rate_bp: line.vatRateBp,
    })),
  });
  return error;
}

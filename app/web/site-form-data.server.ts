import { type RecentImage, recentImages } from "~/domain/media/library.server";
import type { Draft, PriceDraft } from "~/domain/site/editor/draft";
import type { KindSpec } from "~/domain/site/editor/fields";
import { getItem, type ItemId, listItems, type SiteRow } from "~/domain/site/editor/items.server";
import { KINDS } from "~/domain/site/editor/kinds";
import { type CategoryRow, formatPrice } from "~/domain/site/localize.server";
import { PRICE_WORD_KEYS, typedPrice } from "~/domain/site/price-text";
import { textIn } from "~/domain/site/translated";
import { LOCALES, type Locale } from "~/i18n/locale";
import { bundle, type Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { notFound } from "./site-editor.server";

/** What an editor form offers besides the item: images to pick, a project's categories. */

/** Images the picker shows (the newest of the library). */
const PICKER_IMAGES = 12;

/** The stored item of the URL; 404 when there is none. */
export async function requireItem(
  supabase: AppSupabase,
  kind: KindSpec,
  id: ItemId,
  t: Translator,
): Promise<SiteRow> {
  const found = await getItem(supabase, kind, id, t);
  if (found.ok) return found.value;
  if (found.kind === "not-found") notFound();
  throw new Error(found.message);
}

export interface CategoryChoice {
  id: string;
  label: string;
}

export async function editorChoices(
  supabase: AppSupabase,
  kind: KindSpec,
  t: Translator,
  locale: Locale,
): Promise<{ images: RecentImage[]; categories: CategoryChoice[]; categoryRows: CategoryRow[] }> {
  const wantsImages = kind.fields.some((f) => f.type === "image");
  const wantsCategories = kind.fields.some((f) => f.type === "category");
  const [images, categories] = await Promise.all([
    wantsImages ? recentImages(supabase, PICKER_IMAGES) : null,
    wantsCategories ? listItems(supabase, KINDS["portfolio-categories"], t) : null,
  ]);
  const categoryRows = (categories?.ok ? categories.value : []) as unknown as CategoryRow[];
  return {
    images: images?.ok ? images.value : [],
    categories: categoryRows.map((row) => ({
      id: String(row.id),
      label: textIn(row.label, locale),
    })),
    categoryRows,
  };
}

/** A service's price as each language shows it, when the typed amounts are valid. */
export function pricesOf(kind: KindSpec, draft: Draft): Record<Locale, string> | null {
  const field = kind.fields.find((f) => f.type === "price");
  if (!field) return null;
  const price = typedPrice(draft[field.name] as PriceDraft);
  if (!price) return null;
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, formatPrice(price, locale)]),
  ) as Record<Locale, string>;
}

/**
 * The words of a price line in each language, for a kind with a price: with them the browser
 * words the typed amounts as visitors will read them while the admin types.
 */
export function priceWordsOf(kind: KindSpec) {
  if (!kind.fields.some((f) => f.type === "price")) return null;
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, bundle(locale, PRICE_WORD_KEYS)]),
  ) as Record<Locale, ReturnType<typeof bundle>>;
}

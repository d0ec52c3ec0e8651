import { describe, expect, it } from "vitest";
import { rowsFocusAfterRemove } from "~/domain/site/editor/draft";
import { firstControlName } from "~/domain/site/editor/fields";
import { KINDS } from "~/domain/site/editor/kinds";
import {
  focusAfterDelete,
  focusAfterMove,
  LIST_TARGET,
  type ListItem,
} from "~/domain/site/editor/list-view";
import { formatPrice } from "~/domain/site/localize.server";
import { PRICE_WORD_KEYS, priceLine, typedPrice } from "~/domain/site/price-text";
import { bundle } from "~/i18n/translate.server";
import { translatorFrom } from "~/i18n/use-t";

/**
 * The site editors' pure parts of issue 44 items 8 and 11: where focus goes after a list's
 * actions and a row's Remove, the first field "Skip to the form" reaches, and the price line
 * the browser words as the admin types (the same words as the server's).
 */
const item = (id: string, canMoveUp: boolean, canMoveDown: boolean): ListItem => ({
  id,
  name: id,
  published: true,
  done: [],
  missing: [],
  canMoveUp,
  canMoveDown,
  group: null,
});

describe("focus after a list's actions", () => {
  const list = [item("1", false, true), item("2", true, true), item("3", true, false)];

  it("keeps the pressed Move while the item can move on, else its other one, else History", () => {
    expect(focusAfterMove(list, "2", "up")).toBe("item-2-up");
    expect(focusAfterMove(list, "1", "up")).toBe("item-1-down");
    expect(focusAfterMove(list, "3", "down")).toBe("item-3-up");
    expect(focusAfterMove([item("9", false, false)], "9", "up")).toBe("item-9-history");
    expect(focusAfterMove(list, "404", "up")).toBe(LIST_TARGET);
  });

  it("after Delete: the next item's Delete, the list when it was the last", () => {
    expect(focusAfterDelete(list, "1")).toBe("item-2-delete");
    expect(focusAfterDelete(list, "3")).toBe(LIST_TARGET);
    expect(focusAfterDelete(list, "404")).toBe(LIST_TARGET);
    expect(focusAfterDelete([], "1")).toBe(LIST_TARGET);
  });

  it("after a row's Remove: the next row's Remove, the list's heading after the last", () => {
    const left = { features: [{ en: "a" }, { en: "b" }] } as never;
    expect(rowsFocusAfterRemove(left, "features", 0)).toBe("remove:features:0");
    expect(rowsFocusAfterRemove(left, "features", 2)).toBe("rows:features");
    expect(rowsFocusAfterRemove({ features: [] } as never, "features", 0)).toBe("rows:features");
  });
});

describe("the first field of an editor", () => {
  it("is the English input of a translated text, or the plain control", () => {
    expect(firstControlName(KINDS.services)).toBe("title.en");
    expect(firstControlName(KINDS.team)).toBe("name");
    expect(firstControlName(KINDS.figures)).toBe("placement");
    expect(firstControlName(KINDS.settings)).toBe("brand_name");
  });
});

describe("the price line as typed", () => {
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

  it("reads the typed amounts as a save would, or none", () => {
    expect(typedPrice({ min: "65,000", max: "", unit: "project" })).toEqual({
      min: 65000,
      max: null,
      unit: "project",
    });
    expect(typedPrice({ min: "65000", max: "60000", unit: "project" })).toBeNull();
    expect(typedPrice({ min: "abc", max: "", unit: "project" })).toBeNull();
    expect(typedPrice({ min: "", max: "", unit: "project" })).toBeNull();
    expect(typedPrice({ min: "5", max: "9999999999", unit: "project" })).toBeNull();
  });

  it("words it in the browser (its messages' bundle) as the public pages do", () => {
    for (const locale of ["en", "sw", "fr"] as const) {
      const i18n = bundle(locale, PRICE_WORD_KEYS);
      const t = translatorFrom([{ id: "root", loaderData: { locale, i18n } }]);
      for (const unit of ["project", "year", "month", "sms"]) {
        const price = { min: 5000, max: unit === "sms" ? null : 9000, unit };
        expect(priceLine(price, locale, (key, values) => t(key, values))).toBe(
          formatPrice(price, locale),
        );
      }
    }
    expect(plain(formatPrice({ min: 5000, max: 9000, unit: "month" }, "sw"))).toBe(
      "Ksh 5,000 – 9,000 kwa mwezi",
    );
  });
});

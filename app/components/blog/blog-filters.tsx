import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { useAfterChange } from "~/components/use-after-change";
import type { BlogFilters } from "~/domain/posts/blog-filters";
import type { PostTerm } from "~/domain/posts/taxonomy";
import { useT } from "~/i18n/use-t";

const TYPING_DELAY_MS = 300;

/** The control a visitor changed last ("q", "category", `tag:<key>`): "Updating…" is beside it. */
type Control = string;

/** "Updating…" for the eyes, beside a control (the form's status line announces it). */
function Notice() {
  const t = useT();
  return (
    <span
      aria-hidden
      data-testid="filter-updating"
      className="text-sm font-medium whitespace-nowrap text-brand-800"
    >
      {t("blog.updating")}
    </span>
  );
}

/**
 * A control's label with, on its right while the list updates after this control
 * changed, "Updating…" — next to the control wherever it is on a phone (the form's own status
 * line is below the tags, often under the keyboard or off-screen). The status line still
 * announces it; this one is for the eyes only.
 */
function LabelRow({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <span className="flex items-baseline justify-between gap-2">
      {children}
      {shown ? <Notice /> : null}
    </span>
  );
}

/**
 * Search, category and tag chips as a GET form: the filters live in the URL (by key) and work
 * without JS (Apply Filters button). With JS the list updates as the visitor types or clicks,
 * and says "Updating…" until it has (`pending`), beside the control that changed. A choice made before the page hydrates shows
 * at once in the control itself, and — JavaScript being on, only late — the same note and a
 * dimmed list (app/styles/app.css, `data-unhydrated`) until the hydrated form applies it.
 */
export function BlogFilterForm({
  filters,
  categories,
  tags,
  pending,
}: {
  filters: BlogFilters;
  categories: PostTerm[];
  tags: PostTerm[];
  pending: boolean;
}) {
  const hydrated = useHydrated();
  const t = useT();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Keep the fields in step with the URL after Back/Forward or "Clear filters" — except on the
  // first run: a choice the visitor made before the page hydrated is applied, not undone.
  const hydratedOnce = useRef(false);
  useAfterChange(filters, (shown) => {
    const form = formRef.current;
    if (!form) return;
    if (!hydratedOnce.current) {
      hydratedOnce.current = true;
      if (!fieldsShow(form, shown)) submit(form, { preventScrollReset: true });
      return;
    }
    syncFields(form, shown);
  });

  // Which control the pending update comes from (none: a page link, Back, Clear filters).
  // Forgotten once that update arrived (worked out while rendering, not in an effect).
  const [changed, setChanged] = useState<Control | null>(null);
  const [wasPending, setWasPending] = useState(pending);
  if (wasPending !== pending) {
    setWasPending(pending);
    if (!pending) setChanged(null);
  }
  const near = (control: Control) => pending && changed === control;

  // Each filter change is a history entry (Back undoes it); a run of typing is one entry.
  const lastWasTyping = useRef(false);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const { name, value } = event.target as HTMLInputElement;
    const typing = name === "q";
    setChanged(name === "tag" ? `tag:${value}` : name);
    clearTimeout(timer.current);
    const go = () => {
      submit(form, { replace: typing && lastWasTyping.current, preventScrollReset: true });
      lastWasTyping.current = typing;
    };
    if (typing) timer.current = setTimeout(go, TYPING_DELAY_MS);
    else go();
  };
  const active = Boolean(filters.q || filters.category || filters.tags.length);

  return (
    <Form
      method="get"
      action={t.path("/blog")}
      role="search"
      aria-label={t("blog.filterLabel")}
      onChange={onChange}
      ref={formRef}
      data-unhydrated={hydrated ? undefined : ""}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="grid gap-4 md:grid-cols-3">
        <div className="md:col-span-2">
          <LabelRow shown={near("q")}>
            <label htmlFor="blog-search" className="block text-sm font-medium text-slate-800">
              {t("blog.search")}
            </label>
          </LabelRow>
          <input
            id="blog-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            placeholder={t("blog.searchPlaceholder")}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
        </div>
        <div>
          <LabelRow shown={near("category")}>
            <label htmlFor="blog-category" className="block text-sm font-medium text-slate-800">
              {t("blog.category")}
            </label>
          </LabelRow>
          <select
            id="blog-category"
            name="category"
            defaultValue={filters.category}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          >
            <option value="">{t("blog.allCategories")}</option>
            {categories.map((category) => (
              <option key={category.key} value={category.key} lang={category.lang}>
                {category.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("blog.tags")}</legend>
        <ul className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.key} className="flex items-center gap-2">
              <label className="cursor-pointer" lang={tag.lang}>
                <input
                  type="checkbox"
                  name="tag"
                  value={tag.key}
                  defaultChecked={filters.tags.includes(tag.key)}
                  className="peer sr-only"
                />
                <span className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:border-brand-600">
                  #{tag.label}
                </span>
              </label>
              {near(`tag:${tag.key}`) ? <Notice /> : null}
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        {hydrated ? null : (
          <button
            type="submit"
            className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {t("blog.apply")}
          </button>
        )}
        {active ? (
          <Link to={t.path("/blog")} className="font-semibold text-brand-700 hover:text-brand-800">
            {t("blog.clear")}
          </Link>
        ) : null}
        <p role="status" className="text-sm font-medium text-slate-700">
          {pending ? (
            // Beside the changed control (its label, a tag's chip) it is shown; here announced.
            <span className={changed ? "sr-only" : undefined}>{t("blog.updating")}</span>
          ) : hydrated ? null : (
            <span className="blog-filters-early">{t("blog.updating")}</span>
          )}
        </p>
      </div>
    </Form>
  );
}

/** Whether the form's fields show exactly `filters` (what the URL asks for). */
function fieldsShow(form: HTMLFormElement, filters: BlogFilters): boolean {
  const q = form.elements.namedItem("q");
  const category = form.elements.namedItem("category");
  const checked = [...form.querySelectorAll<HTMLInputElement>('input[name="tag"]:checked')]
    .map((box) => box.value)
    .sort();
  return (
    (!(q instanceof HTMLInputElement) || q.value.trim() === filters.q) &&
    (!(category instanceof HTMLSelectElement) || category.value === filters.category) &&
    checked.join("\n") === [...filters.tags].sort().join("\n")
  );
}

function syncFields(form: HTMLFormElement, filters: BlogFilters) {
  const q = form.elements.namedItem("q");
  if (q instanceof HTMLInputElement && q !== document.activeElement && q.value.trim() !== filters.q)
    q.value = filters.q;
  const category = form.elements.namedItem("category");
  if (category instanceof HTMLSelectElement) category.value = filters.category;
  for (const box of form.querySelectorAll<HTMLInputElement>('input[name="tag"]')) {
    box.checked = filters.tags.includes(box.value);
  }
}

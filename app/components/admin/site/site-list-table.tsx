import { Form, Link } from "react-router";
import type { KindSpec } from "~/domain/site/editor/fields";
import { controlId, type ListControl, type ListItem } from "~/domain/site/editor/list-view";
import { LOCALE_NAMES } from "~/i18n/locale";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { linkClass, secondaryButton, stacked } from "../admin-page";
import { StackedTable } from "../stacked-table";

const small = `${secondaryButton} px-3 py-1.5 text-sm`;

/** 'Published' / 'Draft' (words, not colour alone). */
export function SiteStatus({ published }: { published: boolean }) {
  const t = useT();
  return published ? (
    <span className="inline-flex whitespace-nowrap rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
      {t("siteEditor.list.published")}
    </span>
  ) : (
    <span className="inline-flex whitespace-nowrap rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
      {t("siteEditor.list.draft")}
    </span>
  );
}

/** One POST button with its hidden fields (Move up, Publish…): no JS needed. */
function ActionButton({
  id,
  fields,
  label,
  children,
}: {
  /** The id the answer's fragment names to keep focus here (list-view.ts, controlId). */
  id: string;
  fields: Record<string, string>;
  label: string;
  children: string;
}) {
  return (
    <Form method="post" preventScrollReset className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button id={id} type="submit" className={small} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

function Row({ kind, item }: { kind: KindSpec; item: ListItem }) {
  const t = useT();
  const base = `/admin/${kind.name}/${item.id}`;
  const named = (key: MessageKey) => t(key, { name: item.name });
  const idOf = (control: ListControl) => controlId(item.id, control);
  const missing = item.missing.map((lang) => LOCALE_NAMES[lang]).join(", ");
  return (
    <tr id={`item-${item.id}`} className={stacked.row}>
      <th
        scope="row"
        className={`${stacked.cell} font-semibold text-slate-900`}
        data-label={t("siteEditor.list.name")}
      >
        <span className="min-w-0">
          <Link to={base} className={linkClass}>
            {item.name}
          </Link>
          {item.group ? (
            <span className="ml-2 text-sm font-normal text-slate-600">
              {t(`siteEditor.placements.${item.group}` as MessageKey)}
            </span>
          ) : null}
        </span>
      </th>
      {kind.can.publish ? (
        <td className={stacked.cell} data-label={t("siteEditor.list.status")}>
          <SiteStatus published={item.published} />
        </td>
      ) : null}
      <td className={stacked.cell} data-label={t("siteEditor.list.languages")}>
        <span>
          {t("siteEditor.list.translated", { done: item.done.length })}
          {missing ? (
            <span className="block text-xs text-slate-600">
              {t("siteEditor.list.missing", { languages: missing })}
            </span>
          ) : null}
        </span>
      </td>
      <td className={stacked.cell} data-label={t("siteEditor.list.actions")}>
        <div className="flex flex-wrap gap-2">
          {item.canMoveUp ? (
            <ActionButton
              id={idOf("up")}
              fields={{ intent: "move", id: item.id, direction: "up" }}
              label={named("siteEditor.list.moveUpNamed")}
            >
              {t("siteEditor.list.moveUp")}
            </ActionButton>
          ) : null}
          {item.canMoveDown ? (
            <ActionButton
              id={idOf("down")}
              fields={{ intent: "move", id: item.id, direction: "down" }}
              label={named("siteEditor.list.moveDownNamed")}
            >
              {t("siteEditor.list.moveDown")}
            </ActionButton>
          ) : null}
          {kind.can.publish ? (
            <ActionButton
              id={idOf("publish")}
              fields={{ intent: item.published ? "hide" : "publish", id: item.id }}
              label={named(
                item.published ? "siteEditor.list.hideNamed" : "siteEditor.list.publishNamed",
              )}
            >
              {t(item.published ? "siteEditor.list.hide" : "siteEditor.list.publish")}
            </ActionButton>
          ) : null}
          <Link
            id={idOf("history")}
            to={`${base}/history`}
            className={small}
            aria-label={named("siteEditor.list.historyNamed")}
          >
            {t("siteEditor.list.history")}
          </Link>
          {kind.can.delete ? (
            <Link
              id={idOf("delete")}
              to={`/admin/${kind.name}?delete=${item.id}`}
              className={small}
              aria-label={named("siteEditor.list.deleteNamed")}
            >
              {t("siteEditor.list.delete")}
            </Link>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** The items of a kind in their public order, with what can be done to each. */
export function SiteListTable({ kind, items }: { kind: KindSpec; items: ListItem[] }) {
  const t = useT();
  const columns = [
    t("siteEditor.list.name"),
    ...(kind.can.publish ? [t("siteEditor.list.status")] : []),
    t("siteEditor.list.languages"),
    t("siteEditor.list.actions"),
  ];
  return (
    <StackedTable caption={t(kind.title)} columns={columns}>
      {items.map((item) => (
        <Row key={item.id} kind={kind} item={item} />
      ))}
    </StackedTable>
  );
}

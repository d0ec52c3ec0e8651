import type { ReactNode } from "react";
import type { Page } from "~/domain/admin/pagination";
import { useT } from "~/i18n/use-t";
import { stacked } from "./admin-page";
import { EmptyList, LoadError } from "./confirm-step";
import { Pager } from "./pager";

/**
 * An admin table that stacks on phones (see `stacked`): the caption, the column headers (an empty
 * name is an actions column, named for screen readers only), and the rows the caller renders.
 */
export function StackedTable({
  caption,
  columns,
  children,
  actionsLabel,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
  /** The hidden name of an actions column (by default "Actions" in the page's language). */
  actionsLabel?: string;
}) {
  const t = useT();
  return (
    <div className={stacked.frame}>
      <table className={stacked.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={stacked.head}>
          <tr>
            {columns.map((column) => (
              <th key={column || "actions"} scope="col" className={stacked.th}>
                {column || <span className="sr-only">{actionsLabel ?? t("common.actions")}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A page of an admin list: its rows (or `empty`), the pager, or the load error. */
export function PagedList<Row>({
  list,
  error,
  label,
  empty,
  children,
}: {
  list: Page<Row> | null;
  error: string | null;
  label: string;
  empty: string;
  children: (rows: Row[]) => ReactNode;
}) {
  const t = useT();
  if (!list) {
    return (
      <LoadError
        message={error || t("adminOffice.list.loadError", { label: label.toLowerCase() })}
      />
    );
  }
  return (
    <>
      {list.rows.length === 0 ? <EmptyList>{empty}</EmptyList> : children(list.rows)}
      <Pager page={list.page} total={list.total} label={label} />
    </>
  );
}

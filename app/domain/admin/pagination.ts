import { clipCodePoints } from "~/lib/text";
/** Paging and search of the admin lists (plain: the pager component reads it too). */
export const PAGE_SIZE = 25;
const MAX_PAGE = 10_000;
export const SEARCH_MAX = 100;

/** `?page=` as a page number (1 when missing or malformed). */
export function pageNumber(raw: string | null | undefined): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The rows of `page` for a Range request (inclusive bounds). */
export function pageRange(page: number, size = PAGE_SIZE): { from: number; to: number } {
  const from = (page - 1) * size;
  return { from, to: from + size - 1 };
}

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** `?q=` trimmed and bounded. */
export function searchTerm(raw: string | null | undefined): string {
  return clipCodePoints((raw ?? "").trim(), SEARCH_MAX);
}

/** A page of a list: its rows and the exact total. */
export interface Page<Row> {
  rows: Row[];
  total: number;
  page: number;
}

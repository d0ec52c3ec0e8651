/**
 * The site's content as this process serves it: everything visitors see, read with one
 * `site_content()` call as an anonymous visitor (RLS: published items only), held in memory,
 * and projected once per language (app/domain/site/content.server.ts). A content change
 * announced anywhere (this worker, another worker, another instance: server/site-server.ts)
 * invalidates it, so the next request reads again; a copy older than five minutes is read again
 * too (changes made outside the site, e.g. in Supabase Studio). The last copy read is kept in a
 * file (SITE_CONTENT_FILE) so that public pages render when the site starts while the backend
 * cannot be reached.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Locale } from "~/i18n/locale";
import type { ContentChange } from "~/infra/content-events";
import { env, siteContentFile } from "~/infra/env.server";
import { createDetachedClient } from "~/infra/supabase.server";
import { type SiteContent, siteContentIn } from "./content.server";
import { type SlugRedirects, slugRedirectsOf } from "./redirects.server";
import { parseSiteRows, type SiteRows } from "./rows.server";
import { settingsWithEnvDefaults } from "./settings.server";
import { type Snapshot, type SnapshotSource, SnapshotStore } from "./snapshot-store.server";

/** As long as the page cache keeps a page (server/page-cache.ts). */
export const SITE_CONTENT_MAX_AGE_MS = 5 * 60_000;
/** With the backend failing, how long the last good content serves before the next try. */
export const SITE_CONTENT_RETRY_MS = 5_000;

/** The backend (and the saved file) as the snapshot's source. */
export function backendSource(file: () => string = siteContentFile): SnapshotSource<SiteRows> {
  let saved: string | undefined;
  return {
    async load() {
      const { data: rows, error } = await createDetachedClient().rpc("site_content");
      if (error) throw new Error(error.message);
      return parseSiteRows(rows);
    },
    async readSaved() {
      try {
        return parseSiteRows(JSON.parse(await readFile(file(), "utf8")));
      } catch {
        return undefined;
      }
    },
    async save(rows) {
      const text = JSON.stringify(rows);
      if (text === saved) return;
      const path = file();
      await mkdir(dirname(path), { recursive: true });
      // Written whole, then renamed: a reader (another worker, the next start) never sees half.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, text, { mode: 0o600 });
      await rename(partial, path);
      saved = text;
    },
  };
}

/** One snapshot, ready to serve: its rows, its redirects, and each language built on demand. */
export interface SiteSnapshot {
  rows: SiteRows;
  redirects: SlugRedirects;
  in(locale: Locale): SiteContent;
}

function prepare(raw: SiteRows): SiteSnapshot {
  const rows = { ...raw, settings: settingsWithEnvDefaults(raw.settings, env()) };
  const built = new Map<Locale, SiteContent>();
  return {
    rows,
    redirects: slugRedirectsOf(rows),
    in(locale) {
      let content = built.get(locale);
      if (!content) {
        content = siteContentIn(rows, locale);
        built.set(locale, content);
      }
      return content;
    },
  };
}

let store: SnapshotStore<SiteRows> | undefined;
const prepared = new WeakMap<Snapshot<SiteRows>, SiteSnapshot>();

/** Replaces the source (tests); the next read starts from nothing. */
export function setSiteContentSource(source: SnapshotSource<SiteRows>): void {
  store = new SnapshotStore(source, {
    maxAgeMs: SITE_CONTENT_MAX_AGE_MS,
    retryMs: SITE_CONTENT_RETRY_MS,
  });
}

/** Forgets the snapshot and its source (tests: the next read starts from the backend configured then). */
export function resetSiteContent(): void {
  store = undefined;
}

/** The snapshot to serve now; throws when there is none (backend unreachable, nothing saved). */
export async function siteSnapshot(): Promise<SiteSnapshot> {
  if (!store) setSiteContentSource(backendSource());
  const snapshot = await (store as SnapshotStore<SiteRows>).get();
  let ready = prepared.get(snapshot);
  if (!ready) {
    ready = prepare(snapshot.value);
    prepared.set(snapshot, ready);
  }
  return ready;
}

/** The content in `locale`; throws when there is none (see `siteSnapshot`). */
export async function siteContent(locale: Locale): Promise<SiteContent> {
  return (await siteSnapshot()).in(locale);
}

/** The site's content changed somewhere: the next request reads it again. */
export function invalidateSiteContent(): void {
  store?.invalidate();
}

/** What a content event means for the snapshot (posts and media are not part of it). */
export function siteContentChanged(change: ContentChange): void {
  if (change.kind === "site") invalidateSiteContent();
}

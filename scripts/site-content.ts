/**
 * Moves the site's content between backends, e.g. from the embedded backend of a one-VPS site
 * to a hosted Supabase project:
 *
 *   npm run content:export -- content.json            (reads the configured backend)
 *   npm run content:import -- content.json [--prune]  (writes the configured backend)
 *
 * The backend is chosen as for `npm run admin:grant` (scripts/lib/service-role-target.ts):
 * SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY, else the embedded backend's data directory.
 *
 * What travels (scripts/lib/content-file.ts): every table of the site's content — settings,
 * legal pages, services, portfolio categories and projects, team, testimonials, figures, chat
 * options, the blog's categories and tags, and old slugs — drafts included (the file and this
 * script say how many), never the history (the target keeps its own and records the import as
 * new versions). Blog posts do not travel: an article's address is its id on its backend, which
 * another backend would not give it, and posts show images of the media library; neither do
 * accounts, messages, subscribers or the images themselves.
 *
 * Items are matched by their natural key (slug, name, placement and position, id for the legal
 * pages and the settings), never by database id, so importing twice changes nothing; `--prune`
 * also deletes the target's items the file does not have (never the settings or legal pages,
 * nor a blog category or tag a post of the target still carries). The import is one
 * transaction: a row the database refuses leaves the target exactly as it was, and the script
 * says which one and why. The file is written readable by its owner only (mode 600).
 */
import {
  type ContentFile,
  CURRENT_VERSION,
  NOT_INCLUDED,
  readContentFile,
  summarize,
  writePrivateFile,
} from "./lib/content-file.ts";
import {
  exportContent,
  ImportRefused,
  type ImportReport,
  importContent,
} from "./lib/content-transfer.ts";
import { countsInWords } from "./lib/content-words.ts";
import { withServiceRole } from "./lib/service-role-target.ts";

export type { ContentFile, ImportReport };
export { exportContent, ImportRefused, importContent };

const USAGE =
  "Usage: npm run content:export -- <file>   |   npm run content:import -- <file> [--prune]";

/** The drafts a file holds, as a sentence. */
function draftsLine(file: ContentFile): string {
  const { drafts } = summarize(file.tables);
  const count = Object.values(drafts).reduce((sum, n) => sum + (n ?? 0), 0);
  return count === 0
    ? "No drafts: every item in the file is published."
    : `Drafts (unpublished items) in the file: ${countsInWords(drafts)}. They travel, and stay unpublished.`;
}

async function exportTo(path: string, env: Record<string, string | undefined>) {
  const file = await withServiceRole(env, exportContent);
  writePrivateFile(path, `${JSON.stringify(file, null, 2)}\n`);
  const items = Object.values(file.tables).reduce((sum, rows) => sum + (rows?.length ?? 0), 0);
  console.log(
    `Exported ${items} items to ${path} (mode 600: only you can read it): ` +
      `${countsInWords(file.summary?.items ?? {})}.`,
  );
  console.log(draftsLine(file));
  console.log(NOT_INCLUDED);
}

async function importFrom(path: string, prune: boolean, env: Record<string, string | undefined>) {
  const file = readContentFile(path);
  console.log(draftsLine(file));
  if (file.version < CURRENT_VERSION) {
    console.log(
      `${path} is a version ${file.version} file: it has no blog categories, tags or old slugs, ` +
        "so this site's stay as they are.",
    );
  }
  const report = await withServiceRole(env, (target) =>
    importContent(target, file, { prune, path }),
  );
  console.log(
    `Imported ${path} in one transaction: ${report.created} created, ${report.updated} updated, ` +
      `${report.unchanged} unchanged, ${report.deleted} deleted.`,
  );
  if (report.kept > 0) {
    console.log(
      `Kept ${report.kept} blog categories or tags the file does not have: posts of this site still carry them.`,
    );
  }
  console.log(NOT_INCLUDED);
}

export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command, path, ...flags] = argv;
  if (
    !path ||
    (command !== "export" && command !== "import") ||
    flags.some((f) => f !== "--prune")
  ) {
    console.error(USAGE);
    return 2;
  }
  try {
    if (command === "export") await exportTo(path, env);
    else await importFrom(path, flags.includes("--prune"), env);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}

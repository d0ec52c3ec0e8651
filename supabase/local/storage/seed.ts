/**
 * Seed objects, like the Supabase CLI's bucket `objects_path`: every file under
 * `supabase/seed-storage/<bucket>/<key>` is stored as `<key>` in `<bucket>` (which a migration
 * must create) when the database is first created, right after seed.sql.
 */
import { createReadStream, existsSync, readdirSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { SUPABASE_DIR } from "../database.ts";
import type { Queryable } from "../db/types.ts";
import type { FileStore } from "./files.ts";

const TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export async function seedStorage(
  db: Queryable,
  files: FileStore,
  log: (line: string) => void,
  root = join(SUPABASE_DIR, "seed-storage"),
): Promise<void> {
  if (!existsSync(root)) return;
  let count = 0;
  for (const bucket of readdirSync(root)) {
    for (const path of filesUnder(join(root, bucket))) {
      const key = relative(join(root, bucket), path).split("\\").join("/");
      const stored = await files.write(createReadStream(path), Number.POSITIVE_INFINITY);
      const metadata = {
        eTag: stored.eTag,
        size: stored.size,
        mimetype: TYPES[extname(path).toLowerCase()] ?? "application/octet-stream",
        cacheControl: "max-age=31536000",
        lastModified: new Date().toISOString(),
        contentLength: stored.size,
        httpStatusCode: 200,
      };
      await db.query(
        `insert into storage.objects (bucket_id, name, version, metadata) values ($1, $2, $3, $4)
         on conflict (bucket_id, name) do nothing`,
        [bucket, key, stored.version, metadata],
      );
      count += 1;
    }
  }
  log(`stored ${count} seed objects from supabase/seed-storage`);
}

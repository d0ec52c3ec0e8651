/**
 * Hosted Supabase: uploads `supabase/seed-storage/<bucket>/<key>` (the starter articles'
 * covers) into Storage with the service-role key — what the embedded backend does by itself on
 * its first start. Run once after `supabase db push` and loading seed.sql:
 *
 *   SUPABASE_URL=… SUPABASE_ANON_KEY=… SUPABASE_SERVICE_ROLE_KEY=… npm run storage:seed
 */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { loadEnv } from "../app/infra/env.server.ts";

const TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
};
const ROOT = join(import.meta.dirname, "..", "supabase", "seed-storage");

const env = loadEnv();
if (!env.SUPABASE_URL || !env.SUPABASE_SERVICE_ROLE_KEY) {
  console.error("Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (hosted Supabase).");
  process.exit(1);
}
const storage = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
}).storage;

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );

for (const bucket of readdirSync(ROOT)) {
  for (const path of walk(join(ROOT, bucket))) {
    const key = relative(join(ROOT, bucket), path).split("\\").join("/");
    const { error } = await storage.from(bucket).upload(key, readFileSync(path), {
      contentType: TYPES[extname(path)] ?? "application/octet-stream",
      cacheControl: "31536000",
      upsert: true,
    });
    if (error) throw new Error(`${bucket}/${key}: ${error.message}`);
    console.log(`uploaded ${bucket}/${key}`);
  }
}

import { CONTENT_TYPES, MEDIA_BUCKET } from "~/domain/media/urls";
import { cacheHeaders } from "~/infra/cache-policy";
import { servePublicObject } from "~/infra/storage-proxy.server";
import type { Route } from "./+types/media";

const FILE = /^(480|960|1600)\.(avif|webp|jpg)$/;
const HASH = /^[0-9a-f]{32}$/;

/**
 * GET /media/<hash>/<width>.<format>: an uploaded image's variant, from the `media` bucket of
 * Supabase Storage, on the site's own origin (cached for a year: the name is a content hash).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = FILE.exec(params.file ?? "");
  if (!file?.[2] || !HASH.test(params.hash ?? "")) {
    return new Response("Not found", { status: 404, headers: cacheHeaders("transient") });
  }
  const format = file[2] as keyof typeof CONTENT_TYPES;
  return servePublicObject(
    request,
    MEDIA_BUCKET,
    `${params.hash}/${file[0]}`,
    CONTENT_TYPES[format],
  );
}

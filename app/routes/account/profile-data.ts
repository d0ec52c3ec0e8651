import { exportPersonalData } from "~/domain/accounts/data-export.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { serviceRoleClient } from "~/infra/supabase.server";
import { getSupabase } from "~/web/session.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/profile-data";

/**
 * GET /profile/data ("Download my data", the Kenya Data Protection Act's right of access): a
 * JSON file of everything the site holds about the signed-in person
 * (app/domain/accounts/data-export.server.ts), as a download, private and never stored.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(viewerContext);
  const { document, fileName } = await exportPersonalData(
    getSupabase(context),
    serviceRoleClient(),
    user,
  );
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      ...cacheHeaders("private"),
    },
  });
}

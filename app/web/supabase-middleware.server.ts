import type { MiddlewareFunction } from "react-router";
import { supabaseContext } from "~/context";
import { keepPrivateWhenAuthAsks } from "~/infra/cache-policy";
import { requestSupabase } from "~/infra/supabase.server";

/**
 * Root middleware: one Supabase client per request in the router context (made when first
 * asked for: app/infra/supabase.server.ts), and every cookie it writes (refreshed tokens,
 * sign-in, sign-out) appended to whatever response goes out — redirects and error pages
 * included.
 */
export const supabaseMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const supabase = requestSupabase(request);
  context.set(supabaseContext, supabase);
  const { headers } = supabase;
  const response = await next();
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  keepPrivateWhenAuthAsks(headers, response.headers);
  return response;
};

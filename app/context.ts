import type { User } from "@supabase/supabase-js";
import { createContext } from "react-router";
import type { RequestSupabase } from "./infra/supabase.server";

/** The request's Supabase server client, made when first asked for (set by the root middleware). */
export const supabaseContext = createContext<RequestSupabase>();

/** Memoised verified `auth.getUser()` of this request, in flight or done (null = not asked yet). */
export const authUserContext = createContext<Promise<{ user: User | null; error: boolean }> | null>(
  null,
);

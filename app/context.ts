import type { User } from "@supabase/supabase-js";
import { createContext } from "react-router";
import type { AppSupabase } from "./infra/supabase.server";

/** The request's Supabase server client (set by the root middleware). */
export const supabaseContext = createContext<AppSupabase>();

/** Memoised verified `auth.getUser()` of this request, in flight or done (null = not asked yet). */
export const authUserContext = createContext<Promise<{ user: User | null; error: boolean }> | null>(
  null,
);

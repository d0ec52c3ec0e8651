import type { SupabaseClient, User } from "@supabase/supabase-js";
import { createContext } from "react-router";

/** The request's Supabase server client (set by the root middleware). */
export const supabaseContext = createContext<SupabaseClient>();

/** Memoised result of the verified `auth.getUser()` for this request (null = not asked yet). */
export const authUserContext = createContext<{ user: User | null; error: boolean } | null>(null);

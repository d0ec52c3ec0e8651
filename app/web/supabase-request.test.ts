import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { supabaseContext } from "~/context";
import { requestSupabase } from "~/infra/supabase.server";
import { getAuthUser } from "./session.server";

function contextOf(cookie: string) {
  const supabase = requestSupabase(new Request("http://localhost/", { headers: { cookie } }));
  const context = new RouterContextProvider();
  context.set(supabaseContext, supabase);
  return { supabase, context };
}

describe("a request's Supabase client", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("is not made for a visitor without a session, and the auth server is not asked", async () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    const { supabase, context } = contextOf("lang=fr; toast=abc");
    expect(supabase.hasSession).toBe(false);
    await expect(getAuthUser(context)).resolves.toBeNull();
    expect(fetched).not.toHaveBeenCalled();
    // Still not made: nothing can have signed this request in.
    expect(supabase.hasSession).toBe(false);
  });

  it("counts any sb- cookie as a session to check, and a made client as possibly signed in", () => {
    expect(contextOf("sb-127-auth-token=forged").supabase.hasSession).toBe(true);
    expect(contextOf("a=1; sb-127-auth-token.0=x").supabase.hasSession).toBe(true);
    vi.stubEnv("SUPABASE_URL", "http://127.0.0.1:54321");
    vi.stubEnv("SUPABASE_ANON_KEY", "anon");
    const { supabase } = contextOf("");
    expect(supabase.client()).toBe(supabase.client());
    expect(supabase.hasSession).toBe(true);
  });
});

/**
 * A person's requests on the dashboard include those sent before they had an account, from the
 * address their account has confirmed (supabase/migrations/20261215000001_own_requests.sql),
 * each with its status, newest first; nobody else sees them.
 */
import { describe, expect, it } from "vitest";
import * as dashboardRoute from "~/routes/account/dashboard";
import {
  createUser,
  serviceClient,
  signInCookie,
  type TestBackend,
  withBackend,
} from "../support/backend";
import { routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const dashboard = routed(dashboardRoute);

let backend: TestBackend;
withBackend((started) => {
  backend = started;
});

async function signedIn() {
  const user = await createUser(backend);
  return { ...user, cookie: await signInCookie(user.email, user.password) };
}

describe("the dashboard's requests", () => {
  it("also lists, with their status, the messages sent before signing up from the confirmed address", async () => {
    const email = `Early.Bird-${Date.now()}@Example.com`;
    const service = serviceClient(backend);
    const earlier = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const { error } = await service.from("contact_messages").insert([
      {
        name: "Early",
        email,
        message: "A quote for a website, please.",
        user_id: null,
        status: "handled",
        created_at: earlier(90),
      },
      {
        name: "Early",
        email: email.toLowerCase(),
        message: "And one for bulk SMS too.",
        user_id: null,
        status: "new",
        created_at: earlier(60),
      },
      {
        name: "Someone",
        email: `someone-else-${Date.now()}@example.com`,
        message: "Somebody else's request.",
        user_id: null,
        status: "new",
        created_at: earlier(30),
      },
    ]);
    expect(error).toBeNull();
    const { data: created } = await service.auth.admin.createUser({
      email: email.toLowerCase(),
      password: "early-bird-password-1",
      email_confirm: true,
      user_metadata: { full_name: "Early Bird", onboarded: true },
    });
    const cookie = await signInCookie(email.toLowerCase(), "early-bird-password-1");
    const data = await dashboard.loader(routeArgs("/dashboard", { cookie }).args);
    expect(data.messages.map((m) => [m.message, m.status])).toEqual([
      ["And one for bulk SMS too.", "new"],
      ["A quote for a website, please.", "handled"],
    ]);
    // Another account never sees them.
    const stranger = await signedIn();
    const theirs = await dashboard.loader(
      routeArgs("/dashboard", { cookie: stranger.cookie }).args,
    );
    expect(theirs.messages).toEqual([]);
    expect(created?.user?.email).toBe(email.toLowerCase());
  });
});

import type { TestBackend } from "@jenga/supabase-local/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsState } from "~/domain/analytics/collector.server";
import { signLink } from "~/domain/newsletter/links.server";
import * as onboardingRoute from "~/routes/account/onboarding";
import * as linkRoute from "~/routes/newsletter/link";
import { asResponse, settle, toastOf } from "../support/answers";
import {
  createUser,
  serviceClient,
  signInCookie,
  uniqueEmail,
  withBackend,
} from "../support/backend";
import { formPost, postArgs, routeArgs, withCookies } from "../support/route-args";
import { routed } from "../support/routed";

const onboarding = routed(onboardingRoute);

/**
 * A confirmed newsletter subscription is a goal once: the press that confirms it, not a second
 * press of the same link, nor a crawler's. A finished onboarding likewise, once.
 */
let backend: TestBackend;
withBackend((b) => {
  backend = b;
});
beforeAll(() => {
  process.env.RATE_LIMIT = "off";
  process.env.ANALYTICS_FLUSH_SECONDS = "300";
});

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

async function press(token: string, userAgent: string) {
  const path = `/newsletter/confirm?token=${token}`;
  const init = formPost({ intent: "confirm" });
  const headers = new Headers(init.headers);
  headers.set("User-Agent", userAgent);
  await settle(() => linkRoute.action(routeArgs(path, { ...init, headers }).args as never));
}

describe("newsletter goal", () => {
  it("is counted when a person's press confirms the subscription, once", async () => {
    const pending = async () => {
      const { data } = await serviceClient(backend)
        .from("newsletter_subscribers")
        .insert({ email: uniqueEmail("goal"), status: "pending" })
        .select("id, email")
        .single();
      return signLink("confirm", data as { id: number; email: string });
    };
    const held = () => analyticsState()?.held ?? -1;
    const before = held();
    expect(before).toBeGreaterThanOrEqual(0);
    await press(await pending(), "Mozilla/5.0 (compatible; bingbot/2.0)");
    expect(held()).toBe(before);
    const token = await pending();
    await press(token, FIREFOX);
    expect(held()).toBe(before + 1);
    await press(token, FIREFOX);
    expect(held()).toBe(before + 1);
  });
});

describe("onboarding goal", () => {
  it("is counted when a client finishes the wizard, not when an onboarded client posts again", async () => {
    const user = await createUser(backend, { metadata: { full_name: "Wanjiru K" } });
    const cookie = await signInCookie(user.email, user.password);
    const finish = async (session: string) => {
      const { args } = postArgs(
        "/onboarding",
        { redirectTo: "/dashboard", step: "4", intent: "finish", goals: "More customers" },
        { cookie: session },
      );
      args.request.headers.set("User-Agent", FIREFOX);
      return asResponse(await settle(() => onboarding.action(args as never)));
    };
    const held = () => analyticsState()?.held ?? -1;
    const before = held();
    const done = await finish(cookie);
    expect(await toastOf(done)).toMatchObject({ type: "success" });
    expect(held()).toBe(before + 1);
    await finish(withCookies(cookie, done));
    expect(held()).toBe(before + 1);
  });
});

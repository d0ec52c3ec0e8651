import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FormReply } from "~/lib/form-reply";
import * as confirm from "~/routes/auth/confirm";
import * as forgot from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import * as resetRoute from "~/routes/auth/reset-password";
import * as signup from "~/routes/auth/signup";
import { getSessionUser } from "~/web/session.server";
import { asData, asResponse, settle } from "../support/answers";
import {
  createUser,
  mailLink,
  PASSWORD,
  signInCookie,
  type TestBackend,
  uniqueEmail,
  withBackend,
} from "../support/backend";
import { postArgs, routeArgs, withCookies } from "../support/route-args";
import { routed } from "../support/routed";

const reset = routed(resetRoute);

/**
 * The account attacks of the outside probe (SECURITY.md), replayed through the site's own
 * loaders and actions against a real embedded backend.
 */
let backend: TestBackend;
withBackend((started) => {
  backend = started;
});
beforeEach(() => {
  process.env.RATE_LIMIT = "on";
});
afterEach(() => {
  process.env.RATE_LIMIT = "off";
});

async function postConfirm(fields: Record<string, string>, ip: string, cookie = "") {
  return settle(() => confirm.action(postArgs("/auth/confirm", fields, { ip, cookie }).args));
}

/** Presses "Continue" on the page a sign-up confirmation link opened. */
async function confirmSignup(link: URL, ip: string) {
  const token = link.searchParams.get("token_hash") ?? "";
  return asResponse(
    await postConfirm({ token_hash: token, type: "signup", next: "/dashboard" }, ip),
  );
}

describe("guessing e-mail links", () => {
  it("answers 429 with Retry-After long before a code could be found; the real link still works", async () => {
    const user = await createUser(backend, { confirmed: false });
    await settle(() =>
      login.action(
        postArgs("/login", { intent: "resend", email: user.email }, { ip: "192.0.2.1" }).args,
      ),
    );
    const real = await mailLink(backend, user.email);
    const attacker = "198.51.100.66";
    const started = Date.now();
    let guesses = 0;
    let limited: { data: FormReply; headers: Headers } | undefined;
    for (; guesses < 200 && !limited; guesses++) {
      const answer = await postConfirm(
        { token_hash: randomBytes(28).toString("hex"), type: "signup", next: "/dashboard" },
        attacker,
      );
      if (!(answer instanceof Response) && asData(answer).status === 429) limited = asData(answer);
    }
    expect(guesses).toBeLessThanOrEqual(31);
    expect(limited?.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited?.data.formError).toMatch(/^Too many attempts/);
    expect(Date.now() - started).toBeLessThan(20_000);

    expect(await confirmSignup(real, "192.0.2.2")).toHaveRedirect("/dashboard");
  });

  it("opening a link signs nobody in: the GET only shows the Continue page", async () => {
    const { args, setCookies } = routeArgs(
      `/auth/confirm?token_hash=${"a".repeat(56)}&type=signup&next=/dashboard&email=a@b.co`,
    );
    const page = asData<{ link: { email: string } }>(await settle(() => confirm.loader(args)));
    expect(page.data.link.email).toBe("a@b.co");
    expect(setCookies.getSetCookie()).toEqual([]);
  });

  it("refuses to continue as someone else than the link promised", async () => {
    const user = await createUser(backend);
    await forgot.action(postArgs("/forgot-password", { email: user.email }).args);
    const link = await mailLink(backend, user.email, { subject: "Reset your password" });
    const { args, setCookies } = postArgs("/auth/confirm", {
      token_hash: link.searchParams.get("token_hash") ?? "",
      type: "recovery",
      next: "/dashboard",
      email: "someone-else@example.com",
    });
    const answer = asData(await settle(() => confirm.action(args)));
    expect(answer.status).toBe(400);
    const cookie = withCookies("", setCookies);
    expect(await getSessionUser(routeArgs("/", { cookie }).args.context)).toBeNull();
  });
});

describe("choosing a new password", () => {
  it("needs the current password unless the session came from a recovery link", async () => {
    const user = await createUser(backend);
    const cookie = await signInCookie(user.email);
    const page = await reset.loader(routeArgs("/reset-password", { cookie }).args);
    expect(page).toMatchObject({ email: user.email, needsCurrent: true });
    const post = (fields: Record<string, string>) =>
      settle(() => reset.action(postArgs("/reset-password", fields, { cookie }).args));
    const missing = asData(await post({ password: "brand-new-1", confirmPassword: "brand-new-1" }));
    expect(missing.status).toBe(400);
    expect(missing.data.result?.error?.currentPassword).toEqual(["Enter your current password"]);
    const wrong = asData(
      await post({
        currentPassword: "not-it-at-all",
        password: "brand-new-1",
        confirmPassword: "brand-new-1",
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.formError).toBe("Your current password is not correct.");
    const done = asResponse(
      await post({
        currentPassword: PASSWORD,
        password: "brand-new-1",
        confirmPassword: "brand-new-1",
      }),
    );
    expect(done).toHaveRedirect("/dashboard");
    await expect(signInCookie(user.email, "brand-new-1")).resolves.toContain("auth-token");
  });
});

describe("device cookies", () => {
  it("a browser that signed in before is not locked out by failures from elsewhere", async () => {
    const victim = await createUser(backend);
    const ok = await settle(() =>
      login.action(
        postArgs("/login", { email: victim.email, password: PASSWORD }, { ip: "192.0.2.10" }).args,
      ),
    );
    const device = asResponse(ok)
      .headers.getSetCookie()
      .find((c) => c.startsWith("device="))
      ?.split(";")[0];
    expect(device).toMatch(/^device=[\w-]+\.[\w-]+$/);

    // An attacker spends the address's budget from many addresses.
    for (let i = 0; i < 12; i++) {
      await settle(() =>
        login.action(
          postArgs(
            "/login",
            { email: victim.email, password: "guess" },
            { ip: `203.0.113.${i + 20}` },
          ).args,
        ),
      );
    }
    const stranger = asData(
      await settle(() =>
        login.action(
          postArgs("/login", { email: victim.email, password: PASSWORD }, { ip: "192.0.2.11" })
            .args,
        ),
      ),
    );
    expect(stranger.status).toBe(429);
    const owner = await settle(() =>
      login.action(
        postArgs(
          "/login",
          { email: victim.email, password: PASSWORD },
          { ip: "192.0.2.12", cookie: device },
        ).args,
      ),
    );
    expect(asResponse(owner)).toHaveRedirect("/dashboard");
  });
});

describe("answers that reveal nothing", () => {
  async function median(run: () => Promise<unknown>, times = 15): Promise<number> {
    const durations: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await run();
      durations.push(performance.now() - started);
    }
    return durations.sort((a, b) => a - b)[Math.floor(times / 2)] ?? 0;
  }

  it("a password reset takes the same time for a known and an unknown address", async () => {
    process.env.RATE_LIMIT = "off";
    const user = await createUser(backend);
    const ask = (email: string) => () =>
      settle(() => forgot.action(postArgs("/forgot-password", { email }).args));
    const known = await median(ask(user.email));
    const unknown = await median(ask(uniqueEmail("nobody")));
    expect(Math.abs(known - unknown)).toBeLessThan(2);
  });

  it("a repeat sign-up never changes the existing account", async () => {
    process.env.RATE_LIMIT = "off";
    const email = uniqueEmail("victim");
    const form = (firstName: string, password: string) => ({
      firstName,
      lastName: "Person",
      email,
      password,
      confirmPassword: password,
      terms: "on",
    });
    await settle(() => signup.action(postArgs("/signup", form("Victim", "victim-pass-1")).args));
    await mailLink(backend, email, { subject: "Confirm your signup" });
    // The attacker waits out the 60 s re-send window (the backend runs in this process).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    try {
      await settle(() =>
        signup.action(postArgs("/signup", form("Attacker", "attacker-pass-1")).args),
      );
    } finally {
      vi.useRealTimers();
    }
    // The victim opens the newest confirmation mail in their inbox.
    const newest = await mailLink(backend, email, { subject: "Confirm your signup" });
    expect(await confirmSignup(newest, "192.0.2.30")).toHaveRedirect("/dashboard");
    await expect(signInCookie(email, "victim-pass-1")).resolves.toContain("auth-token");
    await expect(signInCookie(email, "attacker-pass-1")).rejects.toThrow();
    const cookie = await signInCookie(email, "victim-pass-1");
    const user = await getSessionUser(routeArgs("/", { cookie }).args.context);
    expect(user?.fullName).toBe("Victim Person");
  });
});

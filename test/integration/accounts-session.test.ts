import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { getAccountShellData } from "~/root.server";
import * as bannerRoute from "~/routes/account/email-banner";
import * as logout from "~/routes/auth/logout";
import { getSessionUser } from "~/web/session.server";
import { asResponse, settle, toastOf } from "../support/answers";
import {
  createUser,
  signInCookie,
  type TestBackend,
  unconfirmedSessionCookie,
  withBackend,
} from "../support/backend";
import { postArgs, routeArgs, withCookies } from "../support/route-args";
import { routed } from "../support/routed";

const banner = routed(bannerRoute);

/** Signing out, and the banner that asks an unconfirmed user to confirm the address. */
let backend: TestBackend;
const mock = withBackend((started) => {
  backend = started;
});

describe("sign out", () => {
  it("ends the session and clears the cookies (POST only)", async () => {
    const user = await createUser(backend);
    const cookie = await signInCookie(user.email, user.password);
    const { args, setCookies } = postArgs("/logout", {}, { cookie });
    const response = asResponse(await settle(() => logout.action(args)));
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastOf(response)).toMatchObject({ title: "You have been signed out." });
    const after = withCookies(withCookies(cookie, setCookies), response);
    expect(after).not.toContain("auth-token=");
    expect(await getSessionUser(routeArgs("/", { cookie: after }).args.context)).toBeNull();
    const get = routeArgs("/logout").args;
    expect(asResponse(await settle(() => logout.loader(get))).headers.get("Location")).toBe("/");
  });

  it("clears the cookies even when the backend cannot be reached", async () => {
    const user = await createUser(backend);
    const cookie = await signInCookie(user.email, user.password);
    mock.use(http.post(`${backend.url}/auth/v1/logout`, () => HttpResponse.error()));
    const response = asResponse(
      await settle(() => logout.action(postArgs("/logout", {}, { cookie }).args)),
    );
    expect(
      response.headers.getSetCookie().some((c) => /^sb-[^=]*auth-token=; .*Max-Age=0/.test(c)),
    ).toBe(true);
  });
});

describe("e-mail verification banner", () => {
  it("is shown to unconfirmed users until dismissed", async () => {
    const user = await createUser(backend, { confirmed: false });
    const request = new Request("http://localhost:3000/");
    const authUser = {
      id: user.id,
      email: user.email,
      aud: "authenticated",
      created_at: new Date().toISOString(),
      app_metadata: {},
      user_metadata: { onboarded: true },
    };
    expect((await getAccountShellData(request, authUser)).emailBanner).toEqual({
      email: user.email,
    });
    const dismissed = new Request("http://localhost:3000/", {
      headers: { Cookie: "email-banner-dismissed=1" },
    });
    expect((await getAccountShellData(dismissed, authUser)).emailBanner).toBeNull();
    const confirmed = { ...authUser, email_confirmed_at: new Date().toISOString() };
    expect((await getAccountShellData(request, confirmed)).emailBanner).toBeNull();
    expect(await getAccountShellData(request, null)).toEqual({
      emailBanner: null,
      onboarding: null,
    });
  });

  it("dismiss sets a cookie and comes back to the page", async () => {
    const user = await createUser(backend, { confirmed: false });
    const session = await unconfirmedSessionCookie(backend, user);
    const shown = await getSessionUser(routeArgs("/", { cookie: session }).args.context);
    expect(shown).toMatchObject({ email: user.email, emailConfirmed: false });
    const response = asResponse(
      await settle(() =>
        banner.action(
          postArgs("/email-banner", { intent: "dismiss", redirectTo: "/blog" }, { cookie: session })
            .args,
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe("/blog");
    expect(response.headers.getSetCookie()).toContain(
      "email-banner-dismissed=1; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000",
    );
  });

  it("resend sends a new confirmation mail with a toast, and reports backend errors as toasts", async () => {
    const user = await createUser(backend, { confirmed: false });
    const session = await unconfirmedSessionCookie(backend, user);
    await backend.mailbox.clear();
    const sent = asResponse(
      await settle(() =>
        banner.action(
          postArgs(
            "/email-banner",
            { intent: "resend", redirectTo: "/services" },
            { cookie: session },
          ).args,
        ),
      ),
    );
    expect(sent.headers.get("Location")).toBe("/services");
    expect(await toastOf(sent)).toMatchObject({
      type: "success",
      title: "Verification email sent",
    });
    expect((await backend.mailbox.latestTo(user.email))?.subject).toBe("Confirm your signup");

    // One confirmation a minute per address (as the auth server): the toast says how long to wait.
    const again = asResponse(
      await settle(() =>
        banner.action(
          postArgs(
            "/email-banner",
            { intent: "resend", redirectTo: "/services" },
            { cookie: session },
          ).args,
        ),
      ),
    );
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      title: expect.stringMatching(/^You can ask for another mail in \d+ seconds?\.$/),
    });
  });

  it("resend needs a session and is limited per browser", async () => {
    const anonymous = asResponse(
      await settle(() => banner.action(postArgs("/email-banner", { intent: "resend" }).args)),
    );
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Femail-banner");
    const user = await createUser(backend, { confirmed: false });
    const session = await unconfirmedSessionCookie(backend, user);
    mock.use(http.post(`${backend.url}/auth/v1/resend`, () => HttpResponse.json({})));
    const ip = "198.51.100.5";
    const first = asResponse(
      await settle(() =>
        banner.action(
          postArgs("/email-banner", { intent: "resend" }, { cookie: session, ip }).args,
        ),
      ),
    );
    const cookie = withCookies(session, first);
    for (let i = 0; i < 5; i++) {
      await settle(() =>
        banner.action(postArgs("/email-banner", { intent: "resend" }, { cookie, ip }).args),
      );
    }
    const limited = asResponse(
      await settle(() =>
        banner.action(postArgs("/email-banner", { intent: "resend" }, { cookie, ip }).args),
      ),
    );
    expect(await toastOf(limited)).toMatchObject({
      type: "error",
      title: expect.stringMatching(/^Too many attempts/),
    });
  });
});

import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import * as bannerRoute from "~/routes/account/email-banner";
import * as confirm from "~/routes/auth/confirm";
import type { ConfirmLink } from "~/routes/auth/confirm.server";
import * as forgot from "~/routes/auth/forgot-password";
import * as resetRoute from "~/routes/auth/reset-password";
import * as signup from "~/routes/auth/signup";
import { getSessionUser } from "~/web/session.server";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  createUser,
  mailLink,
  signInCookie,
  type TestBackend,
  unconfirmedSessionCookie,
  uniqueEmail,
  withBackend,
} from "../support/backend";
import { cookieHeaderFrom, postArgs, routeArgs, withCookies } from "../support/route-args";
import { routed } from "../support/routed";

const banner = routed(bannerRoute);
const reset = routed(resetRoute);

let backend: TestBackend;
const mock = withBackend((started) => {
  backend = started;
});

/**
 * Follows an e-mail link through /auth/confirm the way a visitor does: the GET shows the
 * "Continue" page (or redirects a broken link), the button POSTs the token back.
 */
async function openLink(link: URL, cookie = "") {
  const { args: get, setCookies: getCookies } = routeArgs(link.pathname + link.search, { cookie });
  const page = await settle(() => confirm.loader(get));
  expect(getCookies.getSetCookie()).toEqual([]);
  if (page instanceof Response) return { response: page, cookie };
  const shown = asData<{ link: ConfirmLink }>(page).data.link;
  const fields: Record<string, string> = {
    token_hash: shown.tokenHash,
    type: shown.type,
    next: shown.next,
  };
  if (shown.email) fields.email = shown.email;
  const { args, setCookies } = postArgs("/auth/confirm", fields, { cookie });
  const response = asResponse(await settle(() => confirm.action(args)));
  return { response, cookie: withCookies(withCookies(cookie, setCookies), response) };
}

describe("/auth/confirm", () => {
  it("confirms a sign-up, starts the session and opens the dashboard", async () => {
    const email = uniqueEmail("confirm");
    const fields = {
      firstName: "Amina",
      lastName: "W",
      email,
      password: "password123",
      confirmPassword: "password123",
      terms: "on",
    };
    await signup.action(postArgs("/signup", fields).args).catch((r) => r);
    const link = await mailLink(backend, email);
    expect(link.searchParams.get("type")).toBe("signup");
    const { response, cookie } = await openLink(link);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Your email is confirmed. Welcome!",
    });
    const user = await getSessionUser(routeArgs("/dashboard", { cookie }).args.context);
    expect(user).toMatchObject({ email, emailConfirmed: true, fullName: "Amina W" });
  });

  it.each([
    ["an unknown token", "?token_hash=pkce_nope&type=signup"],
    ["an unknown type", "?token_hash=abc&type=magic"],
    ["no token", "?type=signup"],
  ])("sends %s to /login with an error toast", async (_label, query) => {
    const { response } = await openLink(new URL(`http://localhost:3000/auth/confirm${query}`));
    expect(response.headers.get("Location")).toBe("/login");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "This confirmation link is invalid or has expired.",
    });
  });

  it("never follows a foreign next", async () => {
    const user = await createUser(backend, { confirmed: false });
    await backend.mailbox.clear();
    const session = await unconfirmedSessionCookie(backend, user);
    await banner
      .action(postArgs("/email-banner", { intent: "resend" }, { cookie: session }).args)
      .catch((r) => r);
    const link = await mailLink(backend, user.email);
    link.searchParams.set("next", "//evil.com");
    const { response } = await openLink(link);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("password reset", () => {
  it("answers the same neutral message whether or not the account exists", async () => {
    const user = await createUser(backend);
    const known = asData(
      await settle(() => forgot.action(postArgs("/forgot-password", { email: user.email }).args)),
    );
    const unknown = asData(
      await settle(() =>
        forgot.action(postArgs("/forgot-password", { email: uniqueEmail("nobody") }).args),
      ),
    );
    expect(known.data).toEqual(unknown.data);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data.notice).toBe(
      "If an account exists for that email address, we have sent a link to reset the password.",
    );
    expect((await mailLink(backend, user.email, { subject: "Reset your password" })).pathname).toBe(
      "/auth/confirm",
    );
  });

  it("still answers the neutral message when the backend fails", async () => {
    mock.use(
      http.post(`${backend.url}/auth/v1/recover`, () =>
        HttpResponse.json({ message: "down" }, { status: 500 }),
      ),
    );
    const { data, status } = asData(
      await settle(() =>
        forgot.action(postArgs("/forgot-password", { email: uniqueEmail() }).args),
      ),
    );
    expect(status).toBe(200);
    expect(data.notice).toMatch(/^If an account exists/);
  });

  it("validates the e-mail and limits requests per browser (5 per 10 minutes)", async () => {
    const invalid = asData(
      await settle(() => forgot.action(postArgs("/forgot-password", { email: "nope" }).args)),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result?.error?.email).toEqual(["Email is invalid"]);
    // The first answer gives the browser its cookie; five more from it are allowed.
    const ip = "198.51.100.99";
    const first = asData(
      await settle(() =>
        forgot.action(postArgs("/forgot-password", { email: uniqueEmail() }, { ip }).args),
      ),
    );
    const cookie = cookieHeaderFrom(first.headers);
    expect(cookie).toMatch(/^browser=/);
    const ask = (email: string) =>
      settle(() => forgot.action(postArgs("/forgot-password", { email }, { ip, cookie }).args));
    for (let i = 0; i < 5; i++) expect(asData(await ask(uniqueEmail())).status).toBe(200);
    const limited = asData(await ask(uniqueEmail()));
    expect(limited.status).toBe(429);
    expect(limited.data.formError).toMatch(/^Too many attempts/);
  });

  it("recovery link → new password → signed in with a toast", async () => {
    const user = await createUser(backend);
    await forgot.action(postArgs("/forgot-password", { email: user.email }).args);
    const link = await mailLink(backend, user.email, { subject: "Reset your password" });
    expect(link.searchParams.get("type")).toBe("recovery");
    const { response, cookie } = await openLink(link);
    expect(response.headers.get("Location")).toBe("/reset-password");
    expect(await reset.loader(routeArgs("/reset-password", { cookie }).args)).toMatchObject({
      email: user.email,
      needsCurrent: false,
    });

    const mismatch = asData(
      await settle(() =>
        reset.action(
          postArgs(
            "/reset-password",
            { password: "new-password-1", confirmPassword: "other" },
            { cookie },
          ).args,
        ),
      ),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.result?.error?.confirmPassword).toEqual(["Passwords do not match"]);
    const short = asData(
      await settle(() =>
        reset.action(
          postArgs("/reset-password", { password: "short", confirmPassword: "short" }, { cookie })
            .args,
        ),
      ),
    );
    expect(short.data.result?.error?.password).toEqual(["Password must be at least 8 characters"]);

    const done = asResponse(
      await settle(() =>
        reset.action(
          postArgs(
            "/reset-password",
            { password: "new-password-1", confirmPassword: "new-password-1" },
            { cookie },
          ).args,
        ),
      ),
    );
    expect(done.headers.get("Location")).toBe("/dashboard");
    expect(await toastOf(done)).toMatchObject({
      type: "success",
      title: "Your password has been updated.",
    });
    await expect(signInCookie(user.email, "new-password-1")).resolves.toContain("auth-token");
    await expect(signInCookie(user.email, user.password)).rejects.toThrow(
      "Invalid login credentials",
    );
  });

  it("shows the backend's message when the new password is refused", async () => {
    const user = await createUser(backend);
    const cookie = await signInCookie(user.email, user.password);
    mock.use(
      http.put(`${backend.url}/auth/v1/user`, () =>
        HttpResponse.json(
          { code: "weak_password", message: "Password is known to be weak" },
          { status: 422 },
        ),
      ),
    );
    const { data, status } = asData(
      await settle(() =>
        reset.action(
          postArgs(
            "/reset-password",
            {
              currentPassword: user.password,
              password: "password123",
              confirmPassword: "password123",
            },
            { cookie },
          ).args,
        ),
      ),
    );
    expect(status).toBe(422);
    expect(data.formError).toBe("Password is known to be weak");
  });

  it("keeps anonymous visitors out of the new-password page", async () => {
    const page = asResponse(await settle(() => reset.loader(routeArgs("/reset-password").args)));
    expect(page.headers.get("Location")).toBe("/forgot-password");
    const post = asResponse(
      await settle(() =>
        reset.action(postArgs("/reset-password", { password: "x", confirmPassword: "x" }).args),
      ),
    );
    expect(post.headers.get("Location")).toBe("/login?redirectTo=%2Freset-password");
  });
});

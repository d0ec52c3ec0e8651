import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import * as login from "~/routes/auth/login";
import { asData, asResponse, settle } from "../support/answers";
import { createUser, signInCookie, type TestBackend, withBackend } from "../support/backend";
import { postArgs, routeArgs } from "../support/route-args";

let backend: TestBackend;
let user: { email: string; password: string };
const mock = withBackend(async (started) => {
  backend = started;
  user = await createUser(backend);
});
afterEach(() => {
  delete process.env.OAUTH_PROVIDERS;
});

/** Posts the sign-in form: only the fields the form has (a test user also carries its id). */
async function signIn({ id: _id, ...fields }: Record<string, string>, ip?: string) {
  const { args, setCookies } = postArgs("/login", fields, { ip });
  return { answer: await settle(() => login.action(args)), setCookies };
}

const sessionCookie = (headers: Headers) =>
  headers.getSetCookie().find((c) => /^sb-[^=]*-auth-token=base64/.test(c)) ?? "";

describe("sign-in action", () => {
  it("signs in and goes to the validated redirectTo", async () => {
    const { answer, setCookies } = await signIn({ ...user, redirectTo: "/portfolio?filter=web" });
    const response = asResponse(answer);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portfolio?filter=web");
    const cookie = sessionCookie(setCookies);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    // SITE_URL is plain http in tests: no Secure flag (the browser would drop the cookie).
    expect(cookie).not.toMatch(/; Secure(;|$)/);
  });

  it.each(["//evil.com", "https://evil.com/", "/\\evil.com", "javascript:alert(1)"])(
    "ignores the hostile redirectTo %j (to the dashboard)",
    async (redirectTo) => {
      const { answer } = await signIn({ ...user, redirectTo });
      expect(asResponse(answer).headers.get("Location")).toBe("/dashboard");
    },
  );

  it.each([
    ["/sw/login", "/portfolio", "/sw/portfolio"],
    ["/fr/login", "/sw/blog?tag=web", "/fr/blog?tag=web"],
    ["/sw/login", "", "/sw/dashboard"],
    ["/login", "", "/dashboard"],
    ["/fr/login", "/admin/posts", "/admin/posts"],
  ])("on %s with redirectTo %j lands on %s (the visitor's language)", async (page, to, landed) => {
    const { email, password } = await createUser(backend);
    const fields = { email, password, redirectTo: to };
    const answer = await settle(() => login.action(postArgs(page, fields).args));
    expect(asResponse(answer).headers.get("Location")).toBe(landed);
    const shown = await login.loader(
      routeArgs(`${page}${to ? `?redirectTo=${encodeURIComponent(to)}` : ""}`).args,
    );
    expect(shown).toMatchObject({ data: { redirectTo: landed } });
  });

  it("without 'Remember me' the session cookies end with the browser session", async () => {
    const { answer, setCookies } = await signIn({ ...user });
    const response = asResponse(answer);
    expect(response.headers.getSetCookie()).toContain(
      "sb-session-only=1; Path=/; HttpOnly; SameSite=Lax",
    );
    const cookie = sessionCookie(setCookies);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  it("with 'Remember me' they persist", async () => {
    const { answer, setCookies } = await signIn({ ...user, remember: "on" });
    const marker = asResponse(answer)
      .headers.getSetCookie()
      .find((c) => c.startsWith("sb-session-only="));
    expect(marker).toMatch(/^sb-session-only=; .*Max-Age=0/);
    expect(sessionCookie(setCookies)).toMatch(/Max-Age=\d{6,}/);
  });

  it("shows 'Invalid login credentials' and keeps the e-mail, not the password", async () => {
    const { answer } = await signIn({ email: user.email, password: "wrong-password" });
    const { data, status } = asData(answer);
    expect(status).toBe(400);
    expect(data.formError).toBe("Invalid login credentials");
    expect(data.result?.initialValue).toMatchObject({ email: user.email });
    expect(data.result?.initialValue).not.toHaveProperty("password");
  });

  it("shows 'Email not confirmed' for an unconfirmed account", async () => {
    const pending = await createUser(backend, { confirmed: false });
    const { data } = asData((await signIn(pending)).answer);
    expect(data.formError).toBe("Email not confirmed");
  });

  it("answers 400 with field errors for an empty form", async () => {
    const { data, status } = asData((await signIn({})).answer);
    expect(status).toBe(400);
    expect(data.result?.error).toMatchObject({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  it("shows the backend's message when sign-in fails there", async () => {
    mock.use(
      http.post(`${backend.url}/auth/v1/token`, () =>
        HttpResponse.json({ message: "Auth database unavailable" }, { status: 500 }),
      ),
    );
    const { data, status } = asData((await signIn(user)).answer);
    expect(status).toBe(503);
    expect(data.formError).toBe("Auth database unavailable");
  });

  it("limits attempts to 10 a minute per client", async () => {
    const ip = "198.51.100.77";
    const target = await createUser(backend);
    for (let i = 0; i < 10; i++) {
      const { answer } = await signIn({ email: target.email, password: "wrong-password" }, ip);
      expect(asData(answer).status).toBe(400);
    }
    const { data, status } = asData((await signIn(target, ip)).answer);
    expect(status).toBe(429);
    expect(data.formError).toMatch(/^Too many attempts/);
  });
});

describe("sign-in page and OAuth", () => {
  it("sends a signed-in user home and offers no provider by default", async () => {
    const cookie = await signInCookie(user.email, user.password);
    const signedIn = asResponse(
      await settle(() => login.loader(routeArgs("/login", { cookie }).args)),
    );
    expect(signedIn.headers.get("Location")).toBe("/");
    const page = await login.loader(routeArgs("/login?redirectTo=%2F%2Fevil.com").args);
    expect(page).toMatchObject({ data: { providers: [], redirectTo: "/dashboard" } });
  });

  it("refuses a provider that is not enabled", async () => {
    const { answer } = await signIn({ intent: "oauth", provider: "google" });
    const { data, status } = asData(answer);
    expect(status).toBe(400);
    expect(data.formError).toBe("This sign-in provider is not available yet.");
  });

  it("starts OAuth for an enabled provider", async () => {
    process.env.OAUTH_PROVIDERS = "github";
    const page = await login.loader(routeArgs("/login").args);
    expect(page).toMatchObject({ data: { providers: ["github"] } });
    const { answer, setCookies } = await signIn({
      intent: "oauth",
      provider: "github",
      redirectTo: "/dashboard",
    });
    const location = new URL(asResponse(answer).headers.get("Location") ?? "");
    expect(location.href.startsWith(`${backend.url}/auth/v1/authorize`)).toBe(true);
    expect(location.searchParams.get("provider")).toBe("github");
    expect(location.searchParams.get("redirect_to")).toBe(
      "http://localhost:3000/auth/confirm?next=%2Fdashboard",
    );
    expect(setCookies.getSetCookie().some((c) => c.includes("code-verifier"))).toBe(true);
  });
});

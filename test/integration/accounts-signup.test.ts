import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { SIGNUP_SUCCESS } from "~/domain/accounts/limits";
import * as signup from "~/routes/auth/signup";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  createUser,
  mailLink,
  serviceClient,
  signInCookie,
  type TestBackend,
  uniqueEmail,
  withBackend,
} from "../support/backend";
import { postArgs, routeArgs } from "../support/route-args";

let backend: TestBackend;
const mock = withBackend((started) => {
  backend = started;
});

const form = (overrides: Record<string, string> = {}) => ({
  firstName: "Amina",
  lastName: "Wanjiru",
  email: uniqueEmail("signup"),
  password: "password123",
  confirmPassword: "password123",
  terms: "on",
  ...overrides,
});

const run = (fields: Record<string, string>, ip?: string) =>
  settle(() => signup.action(postArgs("/signup", fields, { ip }).args));

describe("sign-up action", () => {
  it("creates the account with the name as full_name and asks to confirm the e-mail", async () => {
    const fields = form();
    const response = asResponse(await run(fields));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: SIGNUP_SUCCESS });
    expect(SIGNUP_SUCCESS).toBe("Please check your email to confirm your account.");

    const mail = await backend.mailbox.latestTo(fields.email);
    expect(mail?.subject).toBe("Confirm your signup");
    expect(mail?.links[0]).toContain("/auth/confirm?token_hash=");
    const { data } = await serviceClient(backend).auth.admin.listUsers();
    const user = data.users.find((u) => u.email === fields.email);
    expect(user?.user_metadata.full_name).toBe("Amina Wanjiru");
    expect(user?.email_confirmed_at ?? null).toBeNull();
  });

  it.each<[string, Record<string, string>, string]>([
    ["firstName", { firstName: "" }, "First name is required"],
    ["lastName", { lastName: "  " }, "Last name is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "amina@example" }, "Email is invalid"],
    ["password", { password: "", confirmPassword: "" }, "Password is required"],
    [
      "password",
      { password: "short", confirmPassword: "short" },
      "Password must be at least 8 characters",
    ],
    ["confirmPassword", { confirmPassword: "password124" }, "Passwords do not match"],
    ["terms", { terms: "" }, "You must agree to the terms and conditions"],
  ])("answers 400 with the %s message", async (field, overrides, message) => {
    const fields = form(overrides);
    if (overrides.terms === "") delete (fields as Partial<typeof fields>).terms;
    const { data, status } = asData(await run(fields));
    expect(status).toBe(400);
    expect(data.result?.error?.[field]).toEqual([message]);
  });

  it("echoes typed values but never the passwords", async () => {
    const fields = form({ terms: "", confirmPassword: "different1" });
    const { data } = asData(await run(fields));
    expect(data.result?.initialValue).toMatchObject({
      firstName: "Amina",
      lastName: "Wanjiru",
      email: fields.email,
    });
    expect(data.result?.initialValue).not.toHaveProperty("password");
    expect(data.result?.initialValue).not.toHaveProperty("confirmPassword");
  });

  it("answers a registered address exactly like a new one and tells its owner by e-mail", async () => {
    const existing = await createUser(backend);
    const fresh = asResponse(await run(form()));
    const repeat = asResponse(await run(form({ email: existing.email })));
    for (const response of [fresh, repeat]) {
      expect(response).toHaveRedirect("/", 302);
      await expect(response).toSendToast({ type: "success", title: SIGNUP_SUCCESS });
    }
    const warned = await mailLink(backend, existing.email, {
      subject: "Someone tried to sign up to Jenga Digital with your email address",
    });
    expect(warned.pathname).toBe("/login");
    const { data } = await serviceClient(backend).auth.admin.getUserById(existing.id);
    expect(data.user?.user_metadata.full_name).toBe("Amina Wanjiru");
  });

  it("answers a second sign-up within the auth server's 60 s like any other (no 429)", async () => {
    const fields = form();
    const first = asResponse(await run(fields));
    const again = asResponse(
      await run({ ...fields, password: "other-pass-2", confirmPassword: "other-pass-2" }),
    );
    for (const response of [first, again]) {
      expect(response).toHaveRedirect("/", 302);
      await expect(response).toSendToast({ type: "success", title: SIGNUP_SUCCESS });
    }
    const mails = (await backend.mailbox.list()).filter((mail) => mail.to === fields.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Confirm your signup"]);
  });

  it("rejects a filled honeypot", async () => {
    const { data, status } = asData(await run(form({ name__confirm: "bot" })));
    expect(status).toBe(400);
    expect(data).toMatchObject({ formError: "Form not submitted." });
  });

  it("shows the backend's own message when sign-up fails there", async () => {
    mock.use(
      http.post(`${backend.url}/auth/v1/signup`, () =>
        HttpResponse.json(
          { code: "unexpected_failure", message: "Database is sleeping" },
          { status: 500 },
        ),
      ),
    );
    const { data, status } = asData(await run(form()));
    expect(status).toBe(503);
    expect(data.formError).toBe("Database is sleeping");
    expect(data.result?.initialValue).toMatchObject({ firstName: "Amina" });
  });

  it("explains an unreachable backend", async () => {
    mock.use(http.post(`${backend.url}/auth/v1/signup`, () => HttpResponse.error()));
    const { data, status } = asData(await run(form()));
    expect(status).toBe(503);
    expect(data.formError).toBe(
      "We could not reach the account service. Please try again in a moment.",
    );
  });

  it("limits sign-ups to 5 a minute per client", async () => {
    const ip = "198.51.100.23";
    for (let i = 0; i < 5; i++) expect(asResponse(await run(form(), ip)).status).toBe(302);
    const { data, status, headers } = asData(await run(form(), ip));
    expect(status).toBe(429);
    expect(data.formError).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    expect(headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("sends signed-in visitors home from the page", async () => {
    const user = await createUser(backend);
    const { args } = routeArgs("/signup", { cookie: await signInCookie(user.email) });
    const response = asResponse(await settle(() => signup.loader(args)));
    expect(response.headers.get("Location")).toBe("/");
    const anonymous = await signup.loader(routeArgs("/signup").args);
    expect(anonymous).toMatchObject({ data: { providers: [] } });
  });
});

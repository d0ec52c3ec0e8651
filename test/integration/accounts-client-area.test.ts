import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { getAccountShellData } from "~/root.server";
import * as dashboardRoute from "~/routes/account/dashboard";
import * as onboardingRoute from "~/routes/account/onboarding";
import * as profileRoute from "~/routes/account/profile";
import { getAuthUser } from "~/web/session.server";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  createUser,
  serviceClient,
  signInCookie,
  storedUser,
  type TestBackend,
  withBackend,
} from "../support/backend";
import { postArgs, routeArgs, withCookies } from "../support/route-args";
import { routed } from "../support/routed";

const dashboard = routed(dashboardRoute);
const onboarding = routed(onboardingRoute);
const profile = routed(profileRoute);

let backend: TestBackend;
const mock = withBackend((started) => {
  backend = started;
});

async function signedIn(metadata?: Record<string, unknown>) {
  const user = await createUser(backend, { metadata });
  return { ...user, cookie: await signInCookie(user.email, user.password) };
}

describe("guards", () => {
  it.each([
    ["/profile", () => profile.loader(routeArgs("/profile").args)],
    ["/profile", () => profile.action(postArgs("/profile", { fullName: "x" }).args)],
    ["/dashboard", () => dashboard.loader(routeArgs("/dashboard").args)],
    ["/onboarding", () => onboarding.action(postArgs("/onboarding", { step: "0" }).args)],
  ])("send anonymous visitors of %s to the login page and back", async (path, run) => {
    const response = asResponse(await settle(run));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it.each([
    ["/sw/profile", "/sw/login?redirectTo=%2Fsw%2Fprofile"],
    ["/fr/dashboard?tab=messages", "/fr/login?redirectTo=%2Ffr%2Fdashboard%3Ftab%3Dmessages"],
    // A client navigation asks for the data URL: the visitor comes back to the page.
    [
      "/fr/dashboard.data?_routes=routes%2Faccount%2Fdashboard",
      "/fr/login?redirectTo=%2Ffr%2Fdashboard",
    ],
    ["/profile.data", "/login?redirectTo=%2Fprofile"],
  ])("send anonymous visitors of %s to the login page in its language", async (path, login) => {
    const response = asResponse(await settle(() => dashboard.loader(routeArgs(path).args)));
    expect(response.headers.get("Location")).toBe(login);
  });
});

describe("profile", () => {
  it("loads the user's details", async () => {
    const user = await signedIn({
      full_name: "Amina Wanjiru",
      onboarded: true,
      avatar_url: "https://x.example/a.png",
    });
    expect(await profile.loader(routeArgs("/profile", { cookie: user.cookie }).args)).toMatchObject(
      {
        email: user.email,
        fullName: "Amina Wanjiru",
        avatarUrl: "https://x.example/a.png",
      },
    );
  });

  it("saves the name and avatar with a 'Profile updated' toast", async () => {
    const user = await signedIn();
    const fields = { fullName: "Amina W. Otieno", avatarUrl: "https://cdn.example.com/amina.png" };
    const response = asResponse(
      await settle(() =>
        profile.action(postArgs("/profile", fields, { cookie: user.cookie }).args),
      ),
    );
    expect(response.headers.get("Location")).toBe("/profile");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Profile updated" });
    const stored = await storedUser(backend, user.id);
    expect(stored.user_metadata).toMatchObject({
      full_name: "Amina W. Otieno",
      avatar_url: "https://cdn.example.com/amina.png",
    });
  });

  it("clears the avatar when the field is emptied", async () => {
    const user = await signedIn({
      full_name: "A",
      onboarded: true,
      avatar_url: "https://x.example/a.png",
    });
    await settle(() =>
      profile.action(
        postArgs("/profile", { fullName: "A", avatarUrl: "" }, { cookie: user.cookie }).args,
      ),
    );
    expect((await storedUser(backend, user.id)).user_metadata.avatar_url ?? null).toBeNull();
  });

  it("refuses an avatar URL that is not http(s), keeping the input", async () => {
    const user = await signedIn();
    const fields = { fullName: "Kept Name", avatarUrl: "javascript:alert(1)" };
    const { data, status } = asData(
      await settle(() =>
        profile.action(postArgs("/profile", fields, { cookie: user.cookie }).args),
      ),
    );
    expect(status).toBe(400);
    expect(data.result?.error?.avatarUrl).toEqual([
      "Avatar URL must start with http:// or https://",
    ]);
    expect(data.result?.initialValue).toMatchObject(fields);
  });

  it("shows a backend failure as a toast with the backend's message, input kept", async () => {
    const user = await signedIn();
    mock.use(
      http.put(`${backend.url}/auth/v1/user`, () =>
        HttpResponse.json({ message: "Profile store offline" }, { status: 500 }),
      ),
    );
    const fields = { fullName: "Kept Name", avatarUrl: "" };
    const { data, status } = asData(
      await settle(() =>
        profile.action(postArgs("/profile", fields, { cookie: user.cookie }).args),
      ),
    );
    expect(status).toBe(503);
    expect(data.toast).toMatchObject({ type: "error", title: "Profile store offline" });
    expect(data.result?.initialValue).toMatchObject({ fullName: "Kept Name" });
  });
});

describe("dashboard", () => {
  it("shows the user's survey and only their own contact messages", async () => {
    const survey = {
      role: "Developer",
      services: ["AI/ML"],
      discover: "Event",
      goals: "Ship an app",
    };
    const user = await signedIn({ full_name: "Amina Wanjiru", onboarded: true, survey });
    const other = await createUser(backend);
    const service = serviceClient(backend);
    const { error } = await service.from("contact_messages").insert([
      { name: "Amina", email: user.email, message: "Mine: please call me back.", user_id: user.id },
      {
        name: "Other",
        email: other.email,
        message: "Not yours to read at all.",
        user_id: other.id,
      },
      {
        name: "Anon",
        email: "anon@example.com",
        message: "Anonymous message text.",
        user_id: null,
      },
    ]);
    expect(error).toBeNull();
    const data = await dashboard.loader(routeArgs("/dashboard", { cookie: user.cookie }).args);
    expect(data.user).toMatchObject({
      email: user.email,
      fullName: "Amina Wanjiru",
      emailConfirmed: true,
    });
    expect(data.survey).toEqual(survey);
    expect(data.messages.map((m) => m.message)).toEqual(["Mine: please call me back."]);
    expect(data.isAdmin).toBe(false);
    expect(data.messagesError).toBeNull();
  });

  it("lists an admin's own messages only, not the whole inbox the admin may read", async () => {
    const cookie = await signInCookie(backend.admin.email, backend.admin.password);
    const { error } = await serviceClient(backend).from("contact_messages").insert({
      name: "Visitor",
      email: "visitor@example.com",
      message: "For the inbox, not for the admin's dashboard.",
      user_id: null,
    });
    expect(error).toBeNull();
    const data = await dashboard.loader(routeArgs("/dashboard", { cookie }).args);
    expect(data.messages.map((m) => m.message)).not.toContain(
      "For the inbox, not for the admin's dashboard.",
    );
  });

  it("flags admins and reports a failed message load", async () => {
    const cookie = await signInCookie(backend.admin.email, backend.admin.password);
    mock.use(
      http.post(`${backend.url}/rest/v1/rpc/own_contact_messages`, () =>
        HttpResponse.json({ message: "messages offline" }, { status: 500 }),
      ),
    );
    const data = await dashboard.loader(routeArgs("/dashboard", { cookie }).args);
    expect(data.isAdmin).toBe(true);
    expect(data.messages).toEqual([]);
    expect(data.messagesError).toBe("messages offline");
  });
});

describe("onboarding wizard", () => {
  async function step(cookie: string, fields: Record<string, string | string[]>) {
    const response = asResponse(
      await settle(() =>
        onboarding.action(
          postArgs("/onboarding", { redirectTo: "/blog", ...fields }, { cookie }).args,
        ),
      ),
    );
    return { response, cookie: withCookies(cookie, response) };
  }

  async function shellOf(cookie: string) {
    const { args } = routeArgs("/blog", { cookie });
    return getAccountShellData(args.request, await getAuthUser(args.context));
  }

  it("walks 5 steps (each saved to the account) and saves the survey on Finish", async () => {
    const user = await signedIn({ full_name: "Amina Wanjiru" });
    let cookie = user.cookie;
    expect((await shellOf(cookie)).onboarding).toEqual({
      step: 0,
      answers: { fullName: "Amina Wanjiru", role: "", services: [], discover: "", goals: "" },
    });
    let r = await step(cookie, { step: "0", intent: "next", fullName: "Amina W" });
    expect(r.response.headers.get("Location")).toBe("/blog");
    cookie = r.cookie;
    cookie = (await step(cookie, { step: "1", intent: "next", role: "Student" })).cookie;
    cookie = (await step(cookie, { step: "2", intent: "back", services: ["Mobile Apps", "AI/ML"] }))
      .cookie;
    expect((await shellOf(cookie)).onboarding).toMatchObject({
      step: 1,
      answers: { role: "Student", services: ["Mobile Apps", "AI/ML"] },
    });
    cookie = (await step(cookie, { step: "1", intent: "next", role: "Developer" })).cookie;
    cookie = (await step(cookie, { step: "2", intent: "next", services: ["AI/ML"] })).cookie;
    cookie = (await step(cookie, { step: "3", intent: "next", discover: "Referral" })).cookie;
    expect((await shellOf(cookie)).onboarding?.step).toBe(4);
    r = await step(cookie, { step: "4", intent: "finish", goals: "A faster website" });
    expect(await toastOf(r.response)).toMatchObject({
      type: "success",
      title: "Onboarding complete!",
    });
    expect(r.response.headers.getSetCookie().some((c) => /^onboarding=;/.test(c))).toBe(true);
    expect((await storedUser(backend, user.id)).user_metadata).toMatchObject({
      full_name: "Amina W",
      onboarded: true,
      survey: {
        role: "Developer",
        services: ["AI/ML"],
        discover: "Referral",
        goals: "A faster website",
      },
    });
    expect((await shellOf(r.cookie)).onboarding).toBeNull();
  });

  it("is never shown to an admin who has not taken it, on any page", async () => {
    const admin = await createUser(backend, {
      metadata: { full_name: "New Admin" },
      appMetadata: { is_admin: true },
    });
    const cookie = await signInCookie(admin.email, admin.password);
    for (const path of ["/blog", "/sw/dashboard", "/"]) {
      const { args } = routeArgs(path, { cookie });
      const shell = await getAccountShellData(args.request, await getAuthUser(args.context));
      expect(shell.onboarding, path).toBeNull();
    }
  });

  it("resumes in another browser where the client stopped, answers kept", async () => {
    const user = await signedIn({ full_name: "Amina Wanjiru" });
    let cookie = user.cookie;
    cookie = (await step(cookie, { step: "0", intent: "next", fullName: "Amina W" })).cookie;
    cookie = (await step(cookie, { step: "1", intent: "next", role: "Student" })).cookie;
    await step(cookie, { step: "2", intent: "next", services: ["Mobile Apps"] });
    // Another browser: a session of its own, none of the first one's cookies.
    const elsewhere = await signInCookie(user.email, user.password);
    expect((await shellOf(elsewhere)).onboarding).toEqual({
      step: 3,
      answers: {
        fullName: "Amina W",
        role: "Student",
        services: ["Mobile Apps"],
        discover: "",
        goals: "",
      },
    });
  });

  it("allows empty answers", async () => {
    const user = await signedIn({ full_name: "" });
    let cookie = user.cookie;
    for (const s of ["0", "1", "2", "3"])
      cookie = (await step(cookie, { step: s, intent: "next" })).cookie;
    await step(cookie, { step: "4", intent: "finish" });
    expect((await storedUser(backend, user.id)).user_metadata).toMatchObject({
      onboarded: true,
      survey: { role: "", services: [], discover: "", goals: "" },
    });
  });

  it("keeps the answers and shows the backend's message when saving fails", async () => {
    const user = await signedIn({ full_name: "Amina" });
    let cookie = user.cookie;
    for (const s of ["0", "1", "2", "3"])
      cookie = (await step(cookie, { step: s, intent: "next" })).cookie;
    mock.use(
      http.put(`${backend.url}/auth/v1/user`, () =>
        HttpResponse.json({ message: "Metadata store offline" }, { status: 500 }),
      ),
    );
    const r = await step(cookie, { step: "4", intent: "finish", goals: "Keep me" });
    expect(await toastOf(r.response)).toMatchObject({
      type: "error",
      title: "Metadata store offline",
    });
    expect((await shellOf(r.cookie)).onboarding).toMatchObject({
      step: 4,
      answers: { goals: "Keep me" },
    });
    expect((await storedUser(backend, user.id)).user_metadata.onboarded).toBeUndefined();
  });

  it("ignores a foreign redirectTo and is not shown to onboarded users", async () => {
    const user = await signedIn({ full_name: "Done", onboarded: true });
    const response = asResponse(
      await settle(() =>
        onboarding.action(
          postArgs(
            "/onboarding",
            { step: "0", redirectTo: "https://evil.com" },
            { cookie: user.cookie },
          ).args,
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe("/");
    expect((await shellOf(user.cookie)).onboarding).toBeNull();
  });
});

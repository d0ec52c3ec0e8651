import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifiedAdminPass } from "~/infra/admin-pass";
import { FORM_HEADERS } from "../support/http-client";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

/**
 * The admin pass (app/infra/admin-pass.ts) on the production server: signing in and every page
 * give it to an administrator whose session was verified, nobody else gets one, and signing out
 * removes it. What it buys — a lane of the form gate of its own, views the analytics leave out —
 * is test/integration/fair-admission.abuse.test.ts's and analytics.test.ts's.
 */
const SECRET = "test-session-secret-of-at-least-32-chars";
let site: TestSite;
let admin: string;
let member: string;

beforeAll(async () => {
  site = await startTestSite();
  admin = await signInThroughForm(site.url);
  const account = { email: `pass-member-${Date.now()}@example.com`, password: "correct-horse-42" };
  const { error } = await site.service.auth.admin.createUser({
    ...account,
    email_confirm: true,
    user_metadata: { full_name: "Amina Wanjiru", onboarded: true },
  });
  if (error) throw new Error(error.message);
  member = await signInThroughForm(site.url, account);
}, 60_000);
afterAll(async () => site?.stop());

const passesSet = (response: Response) =>
  response.headers.getSetCookie().filter((line) => line.startsWith("admin-pass="));

/** The cookies without the admin pass: a session that has none yet (or lost it). */
const withoutPass = (cookie: string) =>
  cookie
    .split("; ")
    .filter((part) => !part.startsWith("admin-pass="))
    .join("; ");

async function get(path: string, cookie: string) {
  const response = await fetch(`${site.url}${path}`, { redirect: "manual", headers: { cookie } });
  await response.arrayBuffer();
  return response;
}

describe("the admin pass", () => {
  it("is given to a verified administrator by signing in, and by any page when missing, once", async () => {
    expect(admin).toMatch(/(^|; )admin-pass=/);
    expect(member).not.toMatch(/admin-pass=/);
    const first = await get("/admin", withoutPass(admin));
    expect(first.status).toBe(200);
    const [line = ""] = passesSet(first);
    expect(line).toMatch(/^admin-pass=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=28800$/);
    const pass = line.split(";")[0] ?? "";
    const now = Math.floor(Date.now() / 1000);
    expect(verifiedAdminPass(pass, SECRET, now)?.userId).toMatch(/^[0-9a-f-]{36}$/);
    // With a fresh pass, the next pages (and posts) of the area set none.
    expect(passesSet(await get("/admin/messages", `${withoutPass(admin)}; ${pass}`))).toEqual([]);
    expect(passesSet(await get("/blog", `${withoutPass(admin)}; ${pass}`))).toEqual([]);
    // A public page gives one too (the analytics leave the agency's own visits out).
    expect(passesSet(await get("/blog", withoutPass(admin)))).toHaveLength(1);
  });

  it("is given to nobody else", async () => {
    const memberAnswer = await get("/admin", member);
    expect(memberAnswer.status).toBe(302);
    expect(passesSet(memberAnswer)).toEqual([]);
    expect(passesSet(await get("/blog", member))).toEqual([]);
    const anonymous = await get("/admin", "");
    expect(anonymous.status).toBe(302);
    expect(passesSet(anonymous)).toEqual([]);
    const forged = await get("/admin", "sb-127-auth-token=forged");
    expect(passesSet(forged)).toEqual([]);
  });

  it("is removed by signing out", async () => {
    const session = await signInThroughForm(site.url);
    const pass = passesSet(await get("/admin", withoutPass(session)))[0]?.split(";")[0] ?? "";
    expect(pass).not.toBe("");
    const out = await fetch(`${site.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM_HEADERS, cookie: `${withoutPass(session)}; ${pass}` },
    });
    expect(out.status).toBe(302);
    expect(passesSet(out)).toEqual([expect.stringMatching(/^admin-pass=; .*Max-Age=0$/)]);
  });
});

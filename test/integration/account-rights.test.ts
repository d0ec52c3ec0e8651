/**
 * What an agency's client keeps on /profile and their rights under the Kenya Data Protection Act
 * (issue 42, item 2): phone (E.164 stored, shown as typed in Kenya), company and KRA PIN with
 * field errors and typed values kept; the optional mails; "Download my data" (a private JSON
 * file of what the site holds about them, theirs only); "Delete my account" (the address typed
 * to confirm, refused while they alone own an organisation others belong to; done, the account
 * and newsletter subscription go, their thread messages stay without the account, they are
 * signed out on the home page with a notice).
 */
import { describe, expect, it } from "vitest";
import * as profileRoute from "~/routes/account/profile";
import * as dataRoute from "~/routes/account/profile-data";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  backendWithAdmin,
  createUser,
  serviceClient,
  signInCookie,
  storedUser,
} from "../support/backend";
import { clientWithProject } from "../support/portal";
import { postArgs, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const profile = routed(profileRoute);
const download = routed(dataRoute);
const site = backendWithAdmin();

async function signedIn(metadata: Record<string, unknown> = { full_name: "Amina Wanjiru" }) {
  const user = await createUser(site.backend, { metadata: { onboarded: true, ...metadata } });
  return { ...user, cookie: await signInCookie(user.email) };
}

function post(path: string, fields: Record<string, string>, cookie: string) {
  return settle(() => profile.action(postArgs(path, fields, { cookie }).args));
}

describe("phone, company and KRA PIN", () => {
  it("are saved in the account's metadata (E.164, upper case) and shown as Kenyans write them", async () => {
    const user = await signedIn();
    const fields = {
      fullName: "Amina Wanjiru",
      avatarUrl: "",
      phone: "0712-345-678",
      companyName: "  Duka Bora Ltd ",
      kraPin: "p051234567x",
    };
    const response = asResponse(await post("/profile", fields, user.cookie));
    expect(response.headers.get("Location")).toBe("/profile");
    expect(await toastOf(response)).toMatchObject({ title: "Profile updated" });
    expect((await storedUser(site.backend, user.id)).user_metadata).toMatchObject({
      phone: "+254712345678",
      company_name: "Duka Bora Ltd",
      kra_pin: "P051234567X",
      onboarded: true,
    });
    const page = await profile.loader(routeArgs("/profile", { cookie: user.cookie }).args);
    expect(page).toMatchObject({
      phone: "0712 345 678",
      companyName: "Duka Bora Ltd",
      kraPin: "P051234567X",
      notifications: { messages: true, deliverables: true, invoices: true },
    });
  });

  it("refuse a number and a PIN that are none, next to each field, in Kiswahili, typed values kept", async () => {
    const user = await signedIn({ full_name: "Amina", phone: "+254712345678" });
    const fields = {
      fullName: "Amina Wanjiru",
      phone: "0712 345",
      companyName: "Duka Bora",
      kraPin: "A12345678Z",
    };
    const { data, status } = asData(await post("/sw/profile", fields, user.cookie));
    expect(status).toBe(400);
    expect(data.result?.error?.phone?.[0]).toMatch(/^Andika nambari ya simu/);
    expect(data.result?.error?.kraPin?.[0]).toMatch(/^Andika PIN ya KRA/);
    expect(data.result?.initialValue).toMatchObject(fields);
    // Nothing was saved.
    expect((await storedUser(site.backend, user.id)).user_metadata.phone).toBe("+254712345678");
  });

  it("are removed when emptied", async () => {
    const user = await signedIn({ phone: "+254712345678", kra_pin: "A012345678Z" });
    await post("/profile", { fullName: "A", phone: "", kraPin: "" }, user.cookie);
    const meta = (await storedUser(site.backend, user.id)).user_metadata;
    expect(meta.phone ?? null).toBeNull();
    expect(meta.kra_pin ?? null).toBeNull();
  });
});

describe("the optional mails", () => {
  it("keep the boxes ticked and turn the others off, saying what the person will get", async () => {
    const user = await signedIn({ full_name: "Jean", phone: "+254712345678" });
    const response = asResponse(
      await post("/fr/profile?intent=notifications", { messages: "on" }, user.cookie),
    );
    expect(response.headers.get("Location")).toBe("/fr/profile");
    expect(await toastOf(response)).toMatchObject({
      title: "Choix d'e-mails enregistrés",
      description: "Vous recevrez : Nouveaux messages dans le fil d'un projet.",
    });
    const meta = (await storedUser(site.backend, user.id)).user_metadata;
    expect(meta.notifications).toEqual({ messages: true, deliverables: false, invoices: false });
    expect(meta.phone).toBe("+254712345678");
    const page = await profile.loader(routeArgs("/profile", { cookie: user.cookie }).args);
    expect(page).toMatchObject({
      notifications: { messages: true, deliverables: false, invoices: false },
    });
  });

  it("refuse a value a box never sends, under their own form", async () => {
    const user = await signedIn();
    const { data, status } = asData(
      await post("/profile?intent=notifications", { invoices: "yes please" }, user.cookie),
    );
    expect(status).toBe(400);
    expect(data.form).toBe("notifications");
    expect((await storedUser(site.backend, user.id)).user_metadata.notifications).toBeUndefined();
  });
});

describe("download my data", () => {
  it("answers a private JSON file of the person's own records, each list capped", async () => {
    const user = await signedIn({ full_name: "Grace Otieno", company_name: "Simba" });
    const other = await signedIn();
    const service = serviceClient(site.backend);
    const place = await clientWithProject(site.backend, "Simba Tours");
    await service
      .from("organisation_members")
      .insert({ organisation_id: place.id, user_id: user.id, role: "member" });
    await service.from("contact_messages").insert([
      { name: "Grace", email: user.email, message: "A website for our tours, please." },
      { name: "Other", email: other.email, message: "Somebody else's message here." },
    ]);
    await service.from("newsletter_subscribers").insert({ email: user.email.toUpperCase() });
    // A message written in a client organisation the person has since left is still theirs.
    const left = await clientWithProject(site.backend, "Old Client");
    await service.from("project_messages").insert({
      project_id: left.project,
      organisation_id: left.id,
      body: "Our old logo.",
      author_id: user.id,
    });
    const response = asResponse(
      await settle(() => download.loader(routeArgs("/profile/data", { cookie: user.cookie }).args)),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="my-data-${today}.json"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const file = await response.json();
    expect(file.account).toMatchObject({
      email: user.email,
      metadata: { full_name: "Grace Otieno", company_name: "Simba" },
    });
    expect(file.account.createdAt).toBeTruthy();
    expect(file.limits).toMatchObject({ entriesPerList: 500, truncated: [], unavailable: [] });
    expect(file.contactMessages.map((m: { message: string }) => m.message)).toEqual([
      "A website for our tours, please.",
    ]);
    expect(file.organisationMemberships).toMatchObject([
      { organisation_id: place.id, role: "member", organisation_name: "Simba Tours" },
    ]);
    expect(file.newsletterSubscription).toMatchObject({ email: user.email.toUpperCase() });
    expect(file.projectMessages).toMatchObject([
      { body: "Our old logo.", organisation_id: left.id },
    ]);
    expect(JSON.stringify(file)).not.toContain(other.email);
  });

  it("sends a visitor who is not signed in to the login page", async () => {
    const response = asResponse(
      await settle(() => download.loader(routeArgs("/sw/profile/data").args)),
    );
    expect(response.headers.get("Location")).toBe("/sw/login?redirectTo=%2Fsw%2Fprofile%2Fdata");
  });
});

describe("delete my account", () => {
  it("needs the account's address typed, else nothing happens", async () => {
    const user = await signedIn();
    const { data, status } = asData(
      await post("/profile?intent=delete", { confirmEmail: "someone@else.example" }, user.cookie),
    );
    expect(status).toBe(400);
    expect(data.form).toBe("delete");
    expect(data.result?.error?.confirmEmail).toEqual([
      `Type this account's e-mail address (${user.email}) to confirm`,
    ]);
    expect(data.result?.initialValue).toMatchObject({ confirmEmail: "someone@else.example" });
    expect((await storedUser(site.backend, user.id)).email).toBe(user.email);
  });

  it("is refused to the last owner of an organisation others belong to, naming it", async () => {
    const owner = await signedIn();
    const member = await createUser(site.backend);
    const place = await clientWithProject(site.backend, "Jua Kali Studio");
    await serviceClient(site.backend)
      .from("organisation_members")
      .insert([
        { organisation_id: place.id, user_id: owner.id, role: "owner" },
        { organisation_id: place.id, user_id: member.id, role: "member" },
      ]);
    const { data, status } = asData(
      await post("/sw/profile?intent=delete", { confirmEmail: owner.email }, owner.cookie),
    );
    expect(status).toBe(409);
    expect(data.formError).toMatch(/^Wewe ndiye mmiliki pekee wa Jua Kali Studio/);
    expect((await storedUser(site.backend, owner.id)).email).toBe(owner.email);
  });

  it("deletes the account and its subscription, keeps its thread messages without it, signs out", async () => {
    const user = await signedIn({ full_name: "Wanjiku" });
    const service = serviceClient(site.backend);
    // Sole owner of an organisation nobody else belongs to: nothing to hand over.
    const place = await clientWithProject(site.backend, "Wanjiku Designs");
    await service
      .from("organisation_members")
      .insert({ organisation_id: place.id, user_id: user.id, role: "owner" });
    await service.from("newsletter_subscribers").insert({ email: user.email });
    const { data: message } = await service
      .from("project_messages")
      .insert({
        project_id: place.project,
        organisation_id: place.id,
        body: "Here is our logo.",
        author_id: user.id,
      })
      .select("id")
      .single();
    const response = asResponse(
      await post(
        "/fr/profile?intent=delete",
        { confirmEmail: ` ${user.email.toUpperCase()} ` },
        user.cookie,
      ),
    );
    expect(response.headers.get("Location")).toBe("/fr/");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Votre compte a été supprimé",
      description: expect.stringContaining("abonnement à la newsletter ont été supprimés"),
    });
    expect(response.headers.getSetCookie().join("\n")).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/,
    );
    const gone = await service.auth.admin.getUserById(user.id);
    expect(gone.data.user).toBeNull();
    const subscribed = await service
      .from("newsletter_subscribers")
      .select("id")
      .eq("email", user.email);
    expect(subscribed.data).toEqual([]);
    const kept = await service
      .from("project_messages")
      .select("body, author_id")
      .eq("id", message?.id as number)
      .single();
    expect(kept.data).toEqual({ body: "Here is our logo.", author_id: null });
  });
});

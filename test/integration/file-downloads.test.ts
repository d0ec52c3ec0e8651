/**
 * Images previewed, every download logged for the agency (issue 42 item 4; docs/portal.md
 * "Files"): a project's Files page lists an image with its preview (`/files/…?preview=1`, served
 * for images only and not a download); a download by the client's people writes one
 * `file.downloaded` entry — who, which file — that /admin/activity says as a sentence in the
 * admin's language; the agency's own downloads, a preview, and a request for another
 * organisation's file (404) write none.
 */
import type { TestBackend } from "@jenga/supabase-local/testing";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partsToText } from "~/i18n/messages";
import { bundle } from "~/i18n/translate.server";
import * as fileRoute from "~/routes/account/file";
import * as clientFiles from "~/routes/account/project-files";
import * as activityRoute from "~/routes/admin/activity";
import { asResponse, settle } from "../support/answers";
import { createUser, serviceClient, signInCookie, startAppBackend } from "../support/backend";
import {
  agencyPost,
  pdf,
  readyVersion,
  storedDeliverables,
  uploadVersion,
} from "../support/deliverables";
import { organisationWithProject } from "../support/organisation-project";
import { argsWithParams, multipartPost } from "../support/route-args";
import { routed } from "../support/routed";

const files = routed(clientFiles);
const file = routed(fileRoute);
const activity = routed(activityRoute);

let backend: TestBackend;
let service: SupabaseClient;
const orgs: Record<"A" | "B", { id: string; project: number }> = {
  A: { id: "", project: 0 },
  B: { id: "", project: 0 },
};
const cookies: Record<string, string> = {};
const emails: Record<string, string> = {};

/** A real 2×2 PNG (a browser draws it). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQc1gPRAwQCgAbNgQ16pJthAAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n% a brief\n%%EOF\n");

beforeAll(async () => {
  backend = await startAppBackend();
  service = serviceClient(backend);
  [orgs.A, orgs.B] = await Promise.all([
    organisationWithProject(service, "Acme"),
    organisationWithProject(service, "Beta"),
  ]);
  const people = {
    ownerA: { org: orgs.A.id, role: "owner" },
    memberA: { org: orgs.A.id, role: "member" },
    ownerB: { org: orgs.B.id, role: "owner" },
  };
  for (const [name, { org, role }] of Object.entries(people)) {
    const person = await createUser(backend, {
      metadata: { full_name: `Person ${name}`, onboarded: true },
    });
    await service
      .from("organisation_members")
      .insert({ organisation_id: org, user_id: person.id, role });
    cookies[name] = await signInCookie(person.email);
    emails[name] = person.email;
  }
  const staff = await createUser(backend, { metadata: { full_name: "Staff", onboarded: true } });
  await service.from("agency_roles").insert({ user_id: staff.id, role: "staff" });
  await service.from("staff_assignments").insert({ organisation_id: orgs.A.id, user_id: staff.id });
  cookies.staffA = await signInCookie(staff.email);
  cookies.admin = await signInCookie(backend.admin.email, backend.admin.password);
}, 60_000);
afterAll(() => backend.close());

const filesPath = (org: { id: string; project: number }) =>
  `/organisations/${org.id}/projects/${org.project}/files`;
const params = (org: { id: string; project: number }) => ({
  organisationId: org.id,
  projectId: String(org.project),
});

async function send(name: string, body: Buffer) {
  const init = multipartPost({}, { file: new File([new Uint8Array(body)], name) });
  const args = argsWithParams(filesPath(orgs.A), params(orgs.A), {
    ...init,
    cookie: cookies.ownerA,
  });
  expect(asResponse(await settle(() => files.action(args as never))).status).toBe(302);
}

type Listed = { files: { name: string; href: string; preview: string | null }[] };

async function listed(cookie = cookies.ownerA): Promise<Listed["files"]> {
  const args = argsWithParams(filesPath(orgs.A), params(orgs.A), { cookie });
  return ((await settle(() => files.loader(args as never))) as Listed).files;
}

async function find(name: string) {
  return (await listed()).find((f) => f.name === name);
}

/** GET of a /files/… address (with its query) as the person of `cookie`. */
async function get(href: string, cookie: string | undefined) {
  const [path = "", query = ""] = href.split("?");
  const [, , organisationId = "", ...rest] = path.split("/");
  const routeParams = { organisationId, "*": decodeURIComponent(rest.join("/")) };
  const url = query ? `${path}?${query}` : path;
  return asResponse(await settle(() => file.loader(argsWithParams(url, routeParams, { cookie }))));
}

async function downloads() {
  const { data } = await service
    .from("audit_log")
    .select("action, target_type, target_id, summary, actor_email")
    .eq("action", "file.downloaded")
    .order("id");
  return data ?? [];
}

describe("image previews and logged downloads", () => {
  it("lists an image with its preview address, served inline and not logged; other kinds have none", async () => {
    await send("logo.png", PNG);
    await send("brief.pdf", PDF);
    const [pdf, png] = [await find("brief.pdf"), await find("logo.png")];
    expect(png?.preview).toBe(`${png?.href}?preview=1`);
    expect(pdf?.preview).toBeNull();

    const preview = await get(png?.preview ?? "", cookies.memberA);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Content-Type")).toBe("image/png");
    expect(preview.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(preview.headers.get("Cache-Control")).toContain("no-store");
    expect(Buffer.from(await preview.arrayBuffer()).equals(PNG)).toBe(true);
    // A PDF is no preview: 404, and nothing logged either.
    expect((await get(`${pdf?.href}?preview=1`, cookies.memberA)).status).toBe(404);
    expect(await downloads()).toEqual([]);
  });

  it("logs one download by the client's owner, naming the file and the person; the agency's own downloads are not logged", async () => {
    const png = await find("logo.png");
    const first = await get(png?.href ?? "", cookies.ownerA);
    expect(first.status).toBe(200);
    expect(Buffer.from(await first.arrayBuffer()).equals(PNG)).toBe(true);
    // A second click within 10 minutes is the same download.
    expect((await get(png?.href ?? "", cookies.ownerA)).status).toBe(200);
    for (const who of ["staffA", "admin"]) {
      expect((await get(png?.href ?? "", cookies[who])).status, who).toBe(200);
    }
    const logged = await downloads();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      target_type: "organisations",
      actor_email: emails.ownerA,
      summary: "logo.png — Acme website — Acme",
    });
    expect(logged[0]?.target_id).toMatch(new RegExp(`^${orgs.A.id}/projects/${orgs.A.project}/`));
  });

  it("logs a member's download of a deliverable's version, and nothing for a draft they cannot read", async () => {
    await agencyPost(orgs.A, String(cookies.admin), {
      intent: "deliverable",
      deliverable_title: "Logo",
    });
    const { deliverables } = await storedDeliverables(backend, orgs.A.project);
    const deliverable = deliverables[0]?.id as number;
    await readyVersion(backend, orgs.A, deliverable, String(cookies.admin), "logo-v1.pdf");
    await uploadVersion(orgs.A, deliverable, String(cookies.admin), { file: pdf("logo-v2.pdf") });
    const { versions } = await storedDeliverables(backend, orgs.A.project);
    const href = (name: string) => {
      const [org, ...rest] = (versions.find((v) => v.file_name === name)?.file_path ?? "").split(
        "/",
      );
      return `/files/${org}/${rest.map(encodeURIComponent).join("/")}`;
    };
    const before = (await downloads()).length;
    expect((await get(href("logo-v1.pdf"), cookies.memberA)).status).toBe(200);
    expect((await get(href("logo-v2.pdf"), cookies.memberA)).status).toBe(404);
    const logged = (await downloads()).slice(before);
    expect(logged.map((row) => [row.actor_email, row.summary])).toEqual([
      [emails.memberA, "logo-v1.pdf — Logo v1 — Acme website — Acme"],
    ]);
  });

  it("answers 404 to another organisation's owner and writes nothing", async () => {
    const before = (await downloads()).length;
    for (const name of ["logo.png", "brief.pdf"]) {
      const found = await find(name);
      expect((await get(found?.href ?? "", cookies.ownerB)).status, name).toBe(404);
      expect((await get(found?.preview ?? `${found?.href}?preview=1`, cookies.ownerB)).status).toBe(
        404,
      );
    }
    expect((await downloads()).length).toBe(before);
  });

  it("shows the download on /admin/activity as a sentence in the admin's language", async () => {
    const sentences: Record<string, string> = {};
    for (const lang of ["en", "sw"] as const) {
      const cookie = `${cookies.admin}; lang=${lang}`;
      const page = (await settle(() =>
        activity.loader(argsWithParams("/admin/activity", {}, { cookie }) as never),
      )) as {
        list: { rows: { sentence: string; values: Record<string, string>; itemHref: string }[] };
      };
      const entry = page.list.rows.find(
        (row) => row.sentence === "activity.verbs.downloaded" && row.values.actor === emails.ownerA,
      );
      const messages = bundle(lang, ["activity"]);
      sentences[lang] = partsToText(
        messages[entry?.sentence as keyof typeof messages] ?? "",
        entry?.values ?? {},
      );
      expect(entry?.itemHref).toBe(`/admin/clients/${orgs.A.id}/projects/${orgs.A.project}/files`);
    }
    expect(sentences.en).toBe(
      `${emails.ownerA} downloaded the file “logo.png — Acme website — Acme”`,
    );
    expect(sentences.sw).toBe(`${emails.ownerA} alipakua faili “logo.png — Acme website — Acme”`);
  });
});

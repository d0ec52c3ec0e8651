/**
 * The W3C Nu Html Checker over the two project pages with deliverables, as the production server
 * answers them without JavaScript: the agency's (versions, a draft with its Mark ready button,
 * the upload form, the decisions) and the client's in each language (a version waiting with its
 * decision form, the form's answer to a request without a reason, the history), each with the
 * project's thread (a link in a message, an attachment, the answer to an empty message). Zero
 * errors.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type HtmlError, validateHtml } from "../support/html-validator";
import { cookieHeaderFrom } from "../support/route-args";
import { signInThroughForm, startTestSite, type TestSite } from "../support/site";

let site: TestSite;
const documents = new Map<string, string>();
let errors: HtmlError[] = [];
const FORM = { "Content-Type": "application/x-www-form-urlencoded" } as const;

async function send(path: string, cookie: string, body?: URLSearchParams | FormData) {
  return fetch(`${site.url}${path}`, {
    method: body ? "POST" : "GET",
    redirect: "manual",
    headers: {
      Cookie: cookie,
      Origin: site.url,
      ...(body instanceof URLSearchParams ? FORM : {}),
    },
    body,
  });
}

async function keep(label: string, response: Response, status: number) {
  expect(response.status, label).toBe(status);
  documents.set(label, await response.text());
}

async function versionIds(deliverable: number) {
  const { data } = await site.service
    .from("deliverable_versions")
    .select("id")
    .eq("deliverable_id", deliverable)
    .order("number");
  return (data ?? []).map((row) => row.id as number);
}

beforeAll(async () => {
  site = await startTestSite();
  const admin = await signInThroughForm(site.url);
  const email = `vnu-deliverables-${Date.now()}@example.com`;
  const password = "user-password-123";
  const created = await site.service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Amina Wanjiru", onboarded: true },
  });
  const { data: organisation } = await site.service
    .from("organisations")
    .insert({ name: "Checker Coffee" })
    .select("id")
    .single();
  const id = organisation?.id as string;
  await site.service
    .from("organisation_members")
    .insert({ organisation_id: id, user_id: created.data.user?.id, role: "owner" });
  const { data: project } = await site.service
    .from("projects")
    .insert({ organisation_id: id, title: "Shop" })
    .select("id")
    .single();
  const agencyPath = `/admin/clients/${id}/projects/${project?.id}`;
  await send(
    agencyPath,
    admin,
    new URLSearchParams({
      intent: "deliverable",
      deliverable_title: "Logo",
      deliverable_note: "A note",
    }),
  );
  const { data: deliverable } = await site.service
    .from("project_deliverables")
    .select("id")
    .eq("project_id", project?.id)
    .single();
  const upload = async (name: string) => {
    const form = new FormData();
    form.append("note", `About ${name}`);
    form.append("file", new File(["%PDF-1.4\n%%EOF\n"], name, { type: "application/pdf" }));
    const answer = await send(`${agencyPath}?upload=${deliverable?.id}`, admin, form);
    expect(answer.status).toBe(302);
  };
  await upload("logo-v1.pdf");
  const [v1] = await versionIds(deliverable?.id);
  await send(agencyPath, admin, new URLSearchParams({ intent: "ready", version: String(v1) }));

  const login = await fetch(`${site.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: FORM,
    body: new URLSearchParams({ email, password }),
  });
  const owner = cookieHeaderFrom(login.headers.getSetCookie());
  // The thread: the owner's message with a link, the agency's answer pointing to v1's file.
  const ownerPath = `/organisations/${id}/projects/${project?.id}`;
  const write = (path: string, cookie: string, fields: Record<string, string>) =>
    send(`${path}?messages`, cookie, new URLSearchParams({ intent: "message", ...fields }));
  const { data: file } = await site.service
    .from("deliverable_versions")
    .select("file_path")
    .eq("id", v1)
    .single();
  expect(
    (await write(ownerPath, owner, { message: "See https://example.com/brief, please." })).status,
  ).toBe(302);
  expect(
    (await write(agencyPath, admin, { message: "Here it is.", attachment: file?.file_path }))
      .status,
  ).toBe(302);
  await keep("client: empty message", await write(ownerPath, owner, { message: "" }), 400);
  for (const lang of ["", "/sw", "/fr"]) {
    const clientPath = `${lang}/organisations/${id}/projects/${project?.id}`;
    await keep(`client ${clientPath}`, await send(clientPath, owner), 200);
  }
  const clientPath = `/organisations/${id}/projects/${project?.id}`;
  const decide = (fields: Record<string, string>) =>
    send(
      clientPath,
      owner,
      new URLSearchParams({ intent: "decide", version: String(v1), ...fields }),
    );
  await keep("client: no reason", await decide({ decision: "changes_requested" }), 400);
  expect((await decide({ decision: "changes_requested", reason: "Bigger" })).status).toBe(302);
  await keep("client: history", await send(clientPath, owner), 200);
  await upload("logo-v2.pdf");
  await keep("agency: versions and decisions", await send(agencyPath, admin), 200);
  errors = await validateHtml(documents);
}, 180_000);

afterAll(() => site?.stop());

it("answers both project pages with deliverables in valid HTML", () => {
  expect(documents.size).toBe(7);
  expect(documents.get("client: empty message")).toContain("Write your message");
  expect(documents.get("agency: versions and decisions")).toContain(
    'rel="noopener noreferrer nofollow"',
  );
  expect(documents.get("agency: versions and decisions")).toContain("Mark ready for review");
  expect(documents.get("client: no reason")).toContain("Say what should change");
  expect(errors.map((e) => `${e.document}:${e.line}: ${e.message} ${e.extract ?? ""}`)).toEqual([]);
});

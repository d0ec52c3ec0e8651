/**
 * The portal's smaller parts (issue 42): the client's owner, in French on a 360 px phone, sees
 * on the dashboard how many messages wait unread, switches between their two organisations, and
 * finds on the project's page who runs it (call and WhatsApp links); the agency opens the
 * client's portal as its members see it — a banner, no form, never the internal note nor the
 * draft — a post to it is refused, and the view is in the activity log; its invoices, an invoice
 * (the PDF, no M-Pesa form) and, in French on a phone, the project's Files (no upload form), where
 * a posted payment or upload is refused and another client's invoice is 404. With JavaScript on
 * and off (projects js and nojs).
 */
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { createConfirmedUser } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { clientProject, PHONE, phone } from "./helpers/client-project";
import { issuedLogoInvoice } from "./helpers/payments";
import { openSignedIn } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

const NOTE = "Internal: ask for a deposit first";

/**
 * A client with a project run by a staff member (name and phone on their account), an update, an
 * internal note, a deliverable whose v1 is shown to the client and whose v2 is a draft, two
 * messages from the agency; its owner is also the owner of a second client.
 */
async function savanna() {
  const stamp = Date.now();
  const client = await clientProject(`Savanna Coffee ${stamp}`, { title: "Website" });
  const service = await serviceClient();
  const manager = await createConfirmedUser({ fullName: "Wanjiku Kamau" });
  await service.auth.admin.updateUserById(manager.id, {
    user_metadata: { full_name: "Wanjiku Kamau", phone: "+254712345678", onboarded: true },
  });
  await service.from("agency_roles").insert({ user_id: manager.id, role: "staff" });
  await service.from("projects").update({ manager_id: manager.id }).eq("id", client.project);
  const place = { project_id: client.project };
  await service.from("project_updates").insert({ ...place, body: "The concepts come on Friday" });
  await service.from("project_notes").insert({ ...place, body: NOTE });
  const { data: logo } = await service
    .from("project_deliverables")
    .insert({ ...place, title: "Logo" })
    .select("id")
    .single();
  const version = (name: string) => ({
    deliverable_id: logo?.id as number,
    organisation_id: client.id,
    file_path: `${client.id}/deliverables/${name}`,
    file_name: name,
    file_size: 1000,
    file_type: "application/pdf",
  });
  const { data: first } = await service
    .from("deliverable_versions")
    .insert(version("logo-v1.pdf"))
    .select("id")
    .single();
  // Shown to the client (its reminder due in two weeks: no mail during the test).
  const later = new Date(Date.now() + 14 * 86_400_000).toISOString();
  await service.rpc("mark_version_ready", { p_version: first?.id as number, p_remind_at: later });
  await service.from("deliverable_versions").insert(version("logo-v2-draft.pdf"));
  for (const body of ["Karibu!", "The logo is ready for you"]) {
    await service.from("project_messages").insert({
      ...place,
      body,
      author_id: manager.id,
      author_name: "Wanjiku Kamau",
      author_side: "agency",
    });
  }
  const { data: other } = await service
    .from("organisations")
    .insert({ name: `Baraka Bakery ${stamp}` })
    .select("id, name")
    .single();
  await service
    .from("organisation_members")
    .insert({ organisation_id: other?.id as string, user_id: client.owner.id, role: "owner" });
  return {
    ...client,
    name: `Savanna Coffee ${stamp}`,
    other: other as { id: string; name: string },
  };
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

test("the owner, in French on a phone: unread messages, two organisations, who runs the project", async ({
  browser,
}) => {
  const client = await savanna();
  const owner = await phone(browser);
  await openSignedIn(owner, client.owner, "/fr/dashboard");
  const organisations = owner.getByRole("listitem").filter({ hasText: client.name });
  await expect(organisations).toContainText("2 messages non lus");
  await expect(
    owner.getByRole("listitem").filter({ hasText: client.other.name }),
  ).not.toContainText("non lu");
  await noSidewaysScroll(owner);

  // Switching: from one organisation's page to the other's.
  await organisations.getByRole("link", { name: client.name }).click();
  const switcher = owner.getByRole("navigation", { name: "Changer d'organisation" });
  await expect(switcher.getByRole("link", { name: client.name })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await switcher.getByRole("link", { name: client.other.name }).click();
  await expect(owner).toHaveURL(new RegExp(`/fr/organisations/${client.other.id}$`));
  await expect(owner.getByRole("heading", { level: 1, name: client.other.name })).toBeVisible();
  await noSidewaysScroll(owner);
  await expectAccessible(owner);

  // The project's page: who runs it, with call and WhatsApp links.
  await owner.goto(`/fr/organisations/${client.id}/projects/${client.project}`);
  const card = owner.getByRole("region", { name: "Responsable de votre projet" });
  await expect(card).toContainText("Wanjiku Kamau");
  await expect(card.getByRole("link", { name: "Appeler le 0712 345 678" })).toHaveAttribute(
    "href",
    "tel:+254712345678",
  );
  await expect(card.getByRole("link", { name: "Écrire sur WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/254712345678",
  );
  await noSidewaysScroll(owner);
  await expectAccessible(owner);

  // The thread is read now: nothing waits on the dashboard.
  await owner.goto("/fr/dashboard");
  await expect(owner.getByText(/non lus?/)).toHaveCount(0);
  await owner.context().close();
});

test("the agency views the client's portal as its members see it, read-only and audited", async ({
  page,
}) => {
  const client = await savanna();
  await signIn(page, ADMIN, `/admin/clients/${client.id}`);
  await page.getByRole("link", { name: "View as client" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.id}/view$`));
  const banner = `You are viewing ${client.name}'s portal as its members see it — read-only`;
  await expect(page.getByText(banner)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Website" }).click();
  await expect(page).toHaveURL(new RegExp(`/view/projects/${client.project}$`));
  await expect(page.getByText(banner)).toBeVisible();
  await expect(page.getByText("logo-v1.pdf").first()).toBeVisible();
  await expect(page.getByText("The concepts come on Friday")).toBeVisible();
  await expect(page.getByText("The logo is ready for you")).toBeVisible();
  await expect(page.getByText("Wanjiku Kamau").first()).toBeVisible();
  // Never what members cannot read, and no form to act with.
  await expect(page.getByText(NOTE)).toHaveCount(0);
  await expect(page.getByText("logo-v2-draft.pdf")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(page.getByLabel("Your message")).toHaveCount(0);
  await expectAccessible(page);

  // A post made by hand is refused and changes nothing.
  const refused = await page.request.post(page.url(), {
    form: { intent: "message", message: "Posted through the view" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  const service = await serviceClient();
  const { count } = await service
    .from("project_messages")
    .select("id", { count: "exact", head: true })
    .eq("project_id", client.project);
  expect(count).toBe(2);

  // In the admin's language (French here) and on a 360 px phone: the banner says the same.
  await page.context().addCookies([{ name: "lang", value: "fr", url: new URL(page.url()).origin }]);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(
    page.getByText(
      `Vous voyez le portail de ${client.name} tel que ses membres le voient — en lecture seule`,
    ),
  ).toBeVisible();
  await expect(page.getByText(NOTE)).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.context().addCookies([{ name: "lang", value: "en", url: new URL(page.url()).origin }]);

  // The views are in the activity log.
  await page.goto("/admin/activity");
  // Each view: the English one and the French reload.
  await expect(
    page.getByText(`viewed the portal of “${client.name} — Website” as its members see it`),
  ).toHaveCount(2);
});

/** A client with its owner, a file they sent to its project and an issued invoice (KES 5,800). */
async function clientWithFileAndInvoice(name: string) {
  const client = await clientProject(name, { title: "Website" });
  const service = await serviceClient();
  const path = `${client.id}/projects/${client.project}/brief.pdf`;
  await service.storage
    .from("client-files")
    .upload(path, Buffer.from("%PDF-1.4\n%%EOF\n"), { contentType: "application/pdf" });
  const file = await service.from("project_files").insert({
    project_id: client.project,
    file_path: path,
    file_name: "brief.pdf",
    uploaded_by: client.owner.id,
  });
  if (file.error) throw new Error(file.error.message);
  const issued = await issuedLogoInvoice(client.id);
  return { ...client, name, ...issued };
}

test("the agency views the client's Files page and an invoice as its members see them, without their forms", async ({
  page,
}) => {
  const stamp = Date.now();
  const client = await clientWithFileAndInvoice(`Savanna Coffee ${stamp}`);
  const other = await clientWithFileAndInvoice(`Kilimo Fresh ${stamp}`);
  const view = `/admin/clients/${client.id}/view`;
  const banner = `You are viewing ${client.name}'s portal as its members see it — read-only`;

  // The invoices, from the organisation's page, stay inside the view.
  await signIn(page, ADMIN, view);
  await page.getByRole("link", { name: "Invoices (1 to pay)" }).click();
  await expect(page).toHaveURL(new RegExp(`${view}/invoices$`));
  await expect(page.getByText(banner)).toBeVisible();
  await page.getByRole("link", { name: client.number }).click();
  await expect(page).toHaveURL(new RegExp(`${view}/invoices/${client.invoice}$`));
  await expect(page.getByText(banner)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: client.number })).toBeVisible();
  await expect(page.getByText("Logo design")).toBeVisible();
  // The members' M-Pesa form is not there: a note says they have one.
  await expect(page.getByLabel("M-Pesa phone number")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send the payment request" })).toHaveCount(0);
  await expect(page.locator("[data-view-omitted]")).toHaveText(
    "Members can pay this invoice by M-Pesa from here; this read-only view leaves the form out.",
  );
  await expectAccessible(page);
  // The PDF as the members download it.
  const download = page.getByRole("link", { name: "Download PDF" });
  await expect(download).toHaveAttribute("href", `${view}/invoices/${client.invoice}/pdf`);
  const pdf = await page.request.get(`${view}/invoices/${client.invoice}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  // A payment posted by hand is refused; another client's invoice in this view is 404.
  const refused = await page.request.post(page.url(), {
    form: { phone: "0712345678", amount: "100" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  const elsewhere = await page.goto(`${view}/invoices/${other.invoice}`);
  expect(elsewhere?.status()).toBe(404);
  const service = await serviceClient();
  const { count } = await service
    .from("mpesa_pushes")
    .select("id", { count: "exact", head: true })
    .eq("invoice_id", client.invoice);
  expect(count).toBe(0);

  // In French on a 360 px phone: the project's Files, the file the owner sent, no upload form.
  await page.context().addCookies([{ name: "lang", value: "fr", url: new URL(page.url()).origin }]);
  await page.setViewportSize(PHONE);
  await page.goto(`${view}/projects/${client.project}`);
  await page.getByRole("link", { name: "Fichiers de ce projet" }).click();
  await expect(page).toHaveURL(new RegExp(`${view}/projects/${client.project}/files$`));
  await expect(
    page.getByText(
      `Vous voyez le portail de ${client.name} tel que ses membres le voient — en lecture seule`,
    ),
  ).toBeVisible();
  const file = page.locator('[data-file-name="brief.pdf"]');
  await expect(file).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: file })).toContainText("Amani Otieno");
  await expect(page.getByRole("listitem").filter({ has: file })).toContainText("le client");
  await expect(page.getByLabel("Fichier", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Envoyer le fichier" })).toHaveCount(0);
  await expect(page.locator("[data-view-omitted]")).toHaveText(
    "Les membres peuvent envoyer un fichier ici ; cette vue en lecture seule n'affiche pas le formulaire.",
  );
  await noSidewaysScroll(page);
  await expectAccessible(page);
  const upload = await page.request.post(page.url(), {
    multipart: {
      file: { name: "x.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") },
    },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(upload.status()).toBe(403);
  await page.getByRole("link", { name: "Retour au projet" }).click();
  await expect(page).toHaveURL(new RegExp(`${view}/projects/${client.project}$`));
  await page.context().addCookies([{ name: "lang", value: "en", url: new URL(page.url()).origin }]);

  // Each view is in the activity log.
  await page.goto("/admin/activity");
  await expect(
    page.getByText(`viewed the portal of “${client.name} — Website” as its members see it`),
  ).not.toHaveCount(0);
  await expect(
    page.getByText(`viewed the portal of “${client.name}” as its members see it`),
  ).not.toHaveCount(0);
});

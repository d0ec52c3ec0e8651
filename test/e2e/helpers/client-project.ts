/** A client organisation with an owner and an active project, and a phone to open it on. */
import type { Browser, Page } from "@playwright/test";
import { createConfirmedUser } from "./auth";
import { serviceClient } from "./backend";
import { jsOn } from "./js";

export const PHONE = { width: 360, height: 740 };

/** The client `name`, its owner (`ownerName`) and its project `title` (active). */
export async function clientProject(
  name: string,
  { title = "Brand refresh", ownerName = "Amani Otieno" } = {},
) {
  const service = await serviceClient();
  const { data } = await service.from("organisations").insert({ name }).select("id").single();
  const id = data?.id as string;
  const owner = await createConfirmedUser({ fullName: ownerName });
  await service
    .from("organisation_members")
    .insert({ organisation_id: id, user_id: owner.id, role: "owner" });
  const { data: project } = await service
    .from("projects")
    .insert({ organisation_id: id, title, status: "active" })
    .select("id")
    .single();
  return { id, owner, project: project?.id as number };
}

/** A 360 px phone, with JavaScript as the Playwright project says. */
export async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: jsOn() });
  return context.newPage();
}

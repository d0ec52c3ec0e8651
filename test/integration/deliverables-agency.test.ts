/**
 * The agency's side of deliverables (20261216000001_deliverables.sql, issue 42 item 3): on a
 * client's project page the admin adds a deliverable, uploads versions through a plain
 * multipart form (each kept, numbered by the database, a draft the client does not see) and
 * marks the latest ready for review, which queues the client's reminder 3 working days later
 * in the agency's time zone. Every mistake is worded where it was made, nothing half-stored;
 * another client's ids answer 404.
 */
import { describe, expect, it } from "vitest";
import { workingDaysLater } from "~/domain/portal/working-days";
import { asData, asResponse, toastOf } from "../support/answers";
import { backendWithAdmin, serviceClient } from "../support/backend";
import {
  agencyPage,
  agencyPost,
  type Place,
  pdf,
  storedDeliverables,
  uploadVersion,
} from "../support/deliverables";
import { clientWithProject } from "../support/portal";

const site = backendWithAdmin();

async function withDeliverable(name: string): Promise<Place & { deliverable: number }> {
  const place = await clientWithProject(site.backend, name, { title: "Website" });
  await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: "Logo" });
  const { deliverables } = await storedDeliverables(site.backend, place.project);
  return { ...place, deliverable: deliverables[0]?.id as number };
}

async function storedFile(path: string) {
  const { data } = await serviceClient(site.backend).storage.from("client-files").download(path);
  return data ? await data.text() : null;
}

describe("a project's deliverables, for the agency", () => {
  it("adds a deliverable with its note, and lists it on the page", async () => {
    const place = await clientWithProject(site.backend, "Twiga Tours");
    const added = asResponse(
      await agencyPost(place, site.admin, {
        intent: "deliverable",
        deliverable_title: "  Home page design ",
        deliverable_note: "Desktop and phone.",
      }),
    );
    expect(added.status).toBe(302);
    expect((await toastOf(added))?.title).toBe("Deliverable added");
    const page = (await agencyPage(place, site.admin)) as {
      deliverables: { title: string; note: string; versions: unknown[] }[];
    };
    expect(page.deliverables).toEqual([
      expect.objectContaining({
        title: "Home page design",
        note: "Desktop and phone.",
        versions: [],
      }),
    ]);
  });

  it("words a missing or overlong title and an overlong note under the field, storing nothing", async () => {
    const place = await clientWithProject(site.backend, "Simba Foods");
    const cases: [Record<string, string>, string, string][] = [
      [
        { deliverable_title: "  ", deliverable_note: "kept" },
        "deliverable_title",
        "Enter the deliverable’s title.",
      ],
      [
        { deliverable_title: "x".repeat(201) },
        "deliverable_title",
        "Keep the title to 200 characters or fewer.",
      ],
      [
        { deliverable_title: "Logo", deliverable_note: "n".repeat(2001) },
        "deliverable_note",
        "Keep the note to 2,000 characters or fewer.",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const answer = asData(
        await agencyPost(place, site.admin, { intent: "deliverable", ...fields }),
      );
      expect(answer.status).toBe(400);
      expect(answer.data.result?.error?.[field]).toEqual([message]);
      expect(answer.data.result?.initialValue).toMatchObject(fields);
    }
    expect((await storedDeliverables(site.backend, place.project)).deliverables).toEqual([]);
  });

  it("uploads versions that keep the older ones, numbered 1, 2 … and stored in the client's folder", async () => {
    const place = await withDeliverable("Kobe Shoes");
    const first = asResponse(
      await uploadVersion(place, place.deliverable, site.admin, {
        note: "Three concepts",
        file: pdf("logo concepts.pdf", "v1"),
      }),
    );
    expect((await toastOf(first))?.title).toBe(
      "Version 1 uploaded as a draft: the client does not see it until you mark it ready",
    );
    const second = asResponse(
      await uploadVersion(place, place.deliverable, site.admin, {
        file: pdf("logo concepts.pdf", "v2"),
      }),
    );
    expect((await toastOf(second))?.title).toMatch(/^Version 2 uploaded/);
    const { versions } = await storedDeliverables(site.backend, place.project);
    expect(
      versions.map(({ number, status, note, file_name }) => ({ number, status, note, file_name })),
    ).toEqual([
      { number: 1, status: "draft", note: "Three concepts", file_name: "logo concepts.pdf" },
      { number: 2, status: "draft", note: "", file_name: "logo concepts.pdf" },
    ]);
    for (const version of versions) {
      expect(version.file_path.startsWith(`${place.id}/deliverables/${place.deliverable}/`)).toBe(
        true,
      );
      // The bytes received, counted as they were streamed on ("%PDF-1.4\n% v1\n%%EOF\n").
      expect(version.file_size).toBe(20);
    }
    // Same name, two files: each version keeps its own.
    expect(await storedFile(versions[0]?.file_path as string)).toContain("% v1");
    expect(await storedFile(versions[1]?.file_path as string)).toContain("% v2");
  });

  it("numbers two versions uploaded at once 1 and 2", async () => {
    const place = await withDeliverable("Kasuku Radio");
    await Promise.all(
      ["a.pdf", "b.pdf"].map((name) =>
        uploadVersion(place, place.deliverable, site.admin, { file: pdf(name) }),
      ),
    );
    const { versions } = await storedDeliverables(site.backend, place.project);
    expect(versions.map((version) => version.number).sort()).toEqual([1, 2]);
  });

  it("refuses an upload without a file, over 50 MB or with an overlong note, beside its field on the page, leaving no file behind", async () => {
    const place = await withDeliverable("Ndovu Water");
    const refusal = async (
      upload: Parameters<typeof uploadVersion>[3],
      status: number,
      field: string,
      message: string,
    ) => {
      const answer = asData(await uploadVersion(place, place.deliverable, site.admin, upload));
      expect(answer.status).toBe(status);
      expect(answer.data.result?.error).toEqual({ [field]: [message] });
      // It names its deliverable (the page shows it under that one's form).
      expect(answer.data.result?.initialValue).toMatchObject({
        intent: "version",
        deliverable: String(place.deliverable),
      });
      return answer.data.result?.initialValue;
    };
    const noFile = await refusal({ note: "x" }, 400, "file", "Choose a file to upload.");
    expect(noFile?.note).toBe("x");
    const long = "n".repeat(2001);
    const typed = await refusal(
      { note: long, file: pdf("big-note.pdf") },
      400,
      "note",
      "Keep the note to 2,000 characters or fewer.",
    );
    // The note comes back as typed (up to what the form's field holds).
    expect(String(typed?.note).length).toBeGreaterThanOrEqual(2000);
    const huge = new File([new Uint8Array(50 * 1024 * 1024 + 1)], "film.mp4", {
      type: "video/mp4",
    });
    await refusal(
      { file: huge },
      413,
      "file",
      "The file is larger than 50 MB. Send a smaller one, or split it.",
    );
    expect((await storedDeliverables(site.backend, place.project)).versions).toEqual([]);
    const { data } = await serviceClient(site.backend)
      .storage.from("client-files")
      .list(`${place.id}/deliverables/${place.deliverable}`);
    expect(data ?? []).toEqual([]);
  });

  it("marks the latest draft ready, queueing the reminder 3 working days later, once", async () => {
    const place = await withDeliverable("Pundamilia Media");
    await uploadVersion(place, place.deliverable, site.admin, { file: pdf("v1.pdf") });
    await uploadVersion(place, place.deliverable, site.admin, { file: pdf("v2.pdf") });
    const [v1, v2] = (await storedDeliverables(site.backend, place.project)).versions;
    // v1 has a newer version: only the latest is reviewed.
    const older = asData(
      await agencyPost(place, site.admin, { intent: "ready", version: String(v1?.id) }),
    );
    expect(older.status).toBe(409);
    expect(older.data.toast?.title).toBe(
      "A newer version of this deliverable is there: only the latest can be reviewed.",
    );
    const before = Date.now();
    const ready = asResponse(
      await agencyPost(place, site.admin, { intent: "ready", version: String(v2?.id) }),
    );
    expect((await toastOf(ready))?.title).toBe(
      "Ready for review: the client sees it now, with a reminder after 3 working days without a decision",
    );
    const again = asData(
      await agencyPost(place, site.admin, { intent: "ready", version: String(v2?.id) }),
    );
    expect(again.status).toBe(409);
    expect(again.data.toast?.title).toBe("This version is no longer a draft.");
    const { versions } = await storedDeliverables(site.backend, place.project);
    expect(versions.map((version) => version.status)).toEqual(["draft", "ready_for_review"]);
    const { data: jobs } = await serviceClient(site.backend)
      .from("jobs")
      .select("kind, payload, run_at, state")
      .eq("idempotency_key", `version:${v2?.id}`);
    expect(jobs).toHaveLength(1);
    expect(jobs?.[0]).toMatchObject({ kind: "deliverable.reminder", payload: { version: v2?.id } });
    const due = new Date(jobs?.[0]?.run_at as string).getTime();
    const expected = (at: number) => workingDaysLater(new Date(at), 3, "Africa/Nairobi").getTime();
    expect(due).toBeGreaterThanOrEqual(expected(before) - 1000);
    expect(due).toBeLessThanOrEqual(expected(Date.now()) + 1000);
  });

  it("shows each version and, once decided, who decided what on which version", async () => {
    const place = await withDeliverable("Chui Coffee");
    await uploadVersion(place, place.deliverable, site.admin, {
      note: "First go",
      file: pdf("a.pdf"),
    });
    const page = (await agencyPage(place, site.admin)) as {
      deliverables: {
        versions: { number: number; statusText: string; fileHref: string; canMarkReady: boolean }[];
        decisions: unknown[];
      }[];
    };
    const [version] = page.deliverables[0]?.versions ?? [];
    expect(version).toMatchObject({
      number: 1,
      statusText: "Draft (only the agency sees it)",
      canMarkReady: true,
    });
    expect(version?.fileHref).toMatch(
      new RegExp(`^/files/${place.id}/deliverables/\\d+/[0-9a-f-]+/a\\.pdf$`),
    );
    expect(page.deliverables[0]?.decisions).toEqual([]);
  });

  it("answers 404 for another client's project, deliverable or version", async () => {
    const mine = await withDeliverable("Kiboko Ltd");
    const theirs = await withDeliverable("Faru Ltd");
    await uploadVersion(theirs, theirs.deliverable, site.admin, { file: pdf("theirs.pdf") });
    const [theirVersion] = (await storedDeliverables(site.backend, theirs.project)).versions;
    // Their deliverable through my project's upload route: refused before a byte is stored.
    const upload = asData(
      await uploadVersion(mine, theirs.deliverable, site.admin, { file: pdf("x.pdf") }),
    );
    expect(upload.status).toBe(404);
    const crossed = asData(
      await uploadVersion(
        { id: mine.id, project: theirs.project },
        theirs.deliverable,
        site.admin,
        {
          file: pdf("x.pdf"),
        },
      ),
    );
    expect(crossed.status).toBe(404);
    const ready = asData(
      await agencyPost(mine, site.admin, { intent: "ready", version: String(theirVersion?.id) }),
    );
    expect(ready.status).toBe(404);
    const { versions } = await storedDeliverables(site.backend, theirs.project);
    expect(versions.map((version) => version.status)).toEqual(["draft"]);
    expect((await storedDeliverables(site.backend, mine.project)).versions).toEqual([]);
  });
});

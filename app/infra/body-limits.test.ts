import { describe, expect, it } from "vitest";
import { bodyLimitFor, isFileUploadRoute, queryOf } from "./body-limits";

describe("bodyLimitFor", () => {
  it("gives a private file's upload 50 MB plus framing, in every language, and marks it passed on", () => {
    for (const path of [
      "/files/00000000-0000-4000-8000-000000000001",
      "/files/00000000-0000-4000-8000-000000000001/",
      "/sw/files/00000000-0000-4000-8000-000000000001",
      "/fr/files/00000000-0000-4000-8000-000000000001",
    ]) {
      expect(isFileUploadRoute(path), path).toBe(true);
      expect(bodyLimitFor(path).bytes, path).toBe(50 * 1024 * 1024 + 64 * 1024);
      expect(bodyLimitFor(path).message, path).toContain("larger than 50 MB");
    }
    expect(isFileUploadRoute("/files/00000000-0000-4000-8000-000000000001/x.pdf")).toBe(false);
  });

  it("gives a deliverable's version 50 MB on the agency's project page with ?upload= only", () => {
    const page = "/admin/clients/00000000-0000-4000-8000-000000000001/projects/7";
    for (const [path, query] of [
      [page, "upload=12"],
      [`${page}.data`, "upload=12"],
      [`${page}.data`, "upload=12&_routes=routes%2Fadmin%2Fproject"],
    ] as const) {
      expect(isFileUploadRoute(path, query), `${path}?${query}`).toBe(true);
      expect(bodyLimitFor(path, query).bytes).toBe(50 * 1024 * 1024 + 64 * 1024);
    }
    expect(queryOf(`${page}?upload=12`)).toBe("upload=12");
    // The page's other forms keep the 1 MB of every form.
    for (const query of ["", "messages", "upload=", "upload=x", "reupload=1"]) {
      expect(isFileUploadRoute(page, query), query).toBe(false);
      expect(bodyLimitFor(page, query).bytes).toBe(1024 * 1024);
    }
  });

  it("gives the image-upload routes 5 MB plus form overhead and every other path 1 MB", () => {
    for (const path of [
      "/admin/posts/new",
      "/admin/posts/12",
      "/admin/posts/12.data",
      "/admin/media",
      "/admin/media.data",
      "/admin/media/upload",
      "/admin/services/new",
      "/admin/services/3",
      "/admin/services/3.data",
      "/admin/portfolio/new.data",
      "/admin/portfolio/12",
      "/admin/team/new",
      "/admin/team/7",
    ]) {
      expect(bodyLimitFor(path).bytes, path).toBe(5 * 1024 * 1024 + 256 * 1024);
      expect(bodyLimitFor(path).message, path).toContain("larger than 5 MB");
    }
    for (const path of [
      "/",
      "/contact",
      "/admin/posts",
      "/admin/posts/new/x",
      "/admin/mediax",
      "/admin/services",
      "/admin/services/3/history",
      "/admin/legal/privacy",
      "/admin/settings",
      "/admin/testimonials/new",
      "/services/new",
      "/files/not-a-uuid",
      "/files/00000000-0000-4000-8000-000000000001/brief.pdf",
      "/de/files/00000000-0000-4000-8000-000000000001",
    ]) {
      expect(bodyLimitFor(path), path).toEqual({
        bytes: 1024 * 1024,
        message: "The submitted data is larger than 1 MB.",
      });
    }
  });
});

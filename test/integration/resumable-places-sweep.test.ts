import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RESUMABLE_PLACES_SWEEP,
  resumablePlacesSweepJob,
  sweepExpiredPlaces,
} from "~/domain/files/resumable-places-sweep.server";
import { jobHandlers } from "~/domain/jobs/jobs.server";
import { createUser, serviceClient, startAppBackend } from "../support/backend";
import { organisationWithProject } from "../support/organisation-project";

/**
 * Places of unfinished resumable uploads whose people never came back are dropped by the hourly
 * sweep (a recurring job), so the table keeps only the last hour's uploads.
 */
let backend: TestBackend;
let service: ReturnType<typeof serviceClient>;
let place: (name: string, expiresInSeconds: number) => Promise<void>;

beforeAll(async () => {
  backend = await startAppBackend();
  service = serviceClient(backend);
  const person = await createUser(backend);
  const { id: organisation, project } = await organisationWithProject(service, "Sweep Ltd");
  place = async (name, expiresInSeconds) => {
    const { error } = await service.from("resumable_uploads").insert({
      owner_id: person.id,
      organisation_id: organisation,
      project_id: project,
      object_name: `${organisation}/projects/${project}/${name}`,
      upload_length: 1024,
      expires_at: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
    });
    expect(error).toBeNull();
  };
});
afterAll(() => backend?.close());

const left = async () => {
  const { data, error } = await service.from("resumable_uploads").select("object_name");
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.object_name.split("/").pop()).sort();
};

describe("the sweep of expired resumable-upload places", () => {
  it("drops the expired places of everyone and keeps the ones still running", async () => {
    await place("abandoned-yesterday.pdf", -24 * 60 * 60);
    await place("abandoned-a-minute-ago.pdf", -60);
    await place("still-running.pdf", 30 * 60);
    expect(await sweepExpiredPlaces(service)).toBe(2);
    expect(await left()).toEqual(["still-running.pdf"]);
    // Nothing more to drop until that one expires.
    expect(await sweepExpiredPlaces(service)).toBe(0);
    expect(await sweepExpiredPlaces(service, new Date(Date.now() + 31 * 60 * 1000))).toBe(1);
    expect(await left()).toEqual([]);
  });

  it("runs every hour as a recurring job of the server's runner", async () => {
    expect(jobHandlers[RESUMABLE_PLACES_SWEEP]).toBe(resumablePlacesSweepJob);
    await place("abandoned.pdf", -5);
    const before = Date.now();
    const outcome = await resumablePlacesSweepJob.run(
      { id: 1, kind: RESUMABLE_PLACES_SWEEP, payload: {}, attempts: 1, max_attempts: 100 },
      new AbortController().signal,
    );
    expect(await left()).toEqual([]);
    const next = outcome?.again.getTime() ?? 0;
    expect(next - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
    expect(next - before).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
  });
});

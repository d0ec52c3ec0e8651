/**
 * The database side of the public site's content (supabase/migrations/20261204100000_* and
 * 20261204000001_*): a contact message may name exactly the published services, and a service's
 * technologies are translated texts like its other words.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient } from "./helpers.ts";

let backend: TestBackend;
let service: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  anon = anonClient(backend);
});
afterAll(() => backend?.close());

const newService = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  price_min: 1000,
  title: { en: `Service ${slug}` },
  description: { en: "What it does." },
  long_description: { en: "What it does, at length." },
  cta: { en: "Ask for it" },
  ...extra,
});

const message = (service: string | null) => ({
  name: "Wanjiku",
  email: "wanjiku@example.com",
  message: "Please call me about this service.",
  service,
});

describe("the service a contact message names", () => {
  it("may be a service published after the launch, or none", async () => {
    const added = await service
      .from("services")
      .insert(newService("drone-filming", { published: true }));
    expect(added.error).toBeNull();
    expect((await anon.from("contact_messages").insert(message("drone-filming"))).status).toBe(201);
    expect((await anon.from("contact_messages").insert(message("web-development"))).status).toBe(
      201,
    );
    expect((await anon.from("contact_messages").insert(message(null))).status).toBe(201);
  });

  it("may not be a draft, a former slug, an unknown or a malformed one", async () => {
    await service.from("services").insert(newService("secret-draft"));
    await service.from("services").insert(newService("renamed-soon", { published: true }));
    await service.from("services").update({ slug: "renamed-now" }).eq("slug", "renamed-soon");
    for (const slug of ["secret-draft", "renamed-soon", "no-such-service", "Web Development!"]) {
      const { error } = await anon.from("contact_messages").insert(message(slug));
      expect(error?.code, slug).toBe("23514");
    }
  });
});

describe("a service's technologies", () => {
  it("are translated texts, seeded in three languages", async () => {
    const { data } = await anon.rpc("site_content");
    const services = (data as { services: { slug: string; technologies: unknown }[] }).services;
    const ai = services.find((s) => s.slug === "ai-chatbot-assistants");
    expect(ai?.technologies).toContainEqual({
      en: "Vector search",
      sw: expect.any(String),
      fr: "Recherche vectorielle",
    });
  });

  it("refuse a plain string, an unknown language or an oversized text", async () => {
    for (const technologies of [
      ["React"],
      [{ en: "React", de: "React" }],
      [{ en: "x".repeat(61) }],
    ]) {
      const { error } = await service
        .from("services")
        .insert(newService(`tech-${Math.random().toString(36).slice(2, 8)}`, { technologies }));
      expect(error?.code, JSON.stringify(technologies)).toBe("23514");
    }
  });

  it("are translated texts in the seeded history too, so an old version can be restored", async () => {
    const { data } = await service
      .from("content_revisions")
      .select("data")
      .eq("entity", "services")
      .eq("operation", "create")
      .limit(8);
    for (const row of data ?? []) {
      const technologies = (row.data as { technologies: unknown[] }).technologies;
      expect(technologies.every((t) => typeof t === "object" && t !== null)).toBe(true);
    }
  });
});

import type { TestBackend } from "@jenga/supabase-local/testing";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as contact from "~/routes/contact";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  createUser,
  serviceClient,
  signInCookie,
  startAppBackend,
  uniqueEmail,
} from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";

let backend: TestBackend;
const mock = setupServer();

beforeAll(async () => {
  process.env.RATE_LIMIT = "off";
  mock.listen({ onUnhandledFrame: "bypass" });
  backend = await startAppBackend();
});
afterEach(() => mock.resetHandlers());
afterAll(async () => {
  mock.close();
  await backend.close();
});

type ContactData = {
  result?: { initialValue?: Record<string, string>; error?: Record<string, string[] | null> };
  formError?: string;
  toast?: { type: string; title: string };
};

const message = "Hello, I would like a quote for a website.";

async function post(fields: Record<string, string>, cookie?: string) {
  const { args } = routeArgs("/contact", { ...formPost(fields), cookie });
  return settle(() => contact.action(args));
}

async function storedFor(email: string) {
  const { data } = await serviceClient(backend)
    .from("contact_messages")
    .select("name, email, message, user_id")
    .eq("email", email);
  return data ?? [];
}

describe("contact action", () => {
  it("stores an anonymous message and redirects to /contact with the success toast", async () => {
    const email = uniqueEmail("contact");
    const response = asResponse(await post({ name: "Wanjiku", email, message }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Message sent! We will get back to you shortly.",
    });
    expect(await storedFor(email)).toEqual([{ name: "Wanjiku", email, message, user_id: null }]);
  });

  it("stores the signed-in user's id", async () => {
    const user = await createUser(backend);
    const cookie = await signInCookie(user.email, user.password);
    const email = uniqueEmail("member");
    asResponse(await post({ name: "Member", email, message }, cookie));
    expect(await storedFor(email)).toEqual([{ name: "Member", email, message, user_id: user.id }]);
  });

  it("keeps the sender's language and the path of the page the form was on, never its query", async () => {
    const sent = async (path: string, referer: string | undefined) => {
      const email = uniqueEmail("where");
      const { args } = routeArgs(path, {
        ...formPost({ name: "Achieng", email, message }),
        headers: referer ? { Referer: referer } : {},
      });
      asResponse(await settle(() => contact.action(args)));
      const { data } = await serviceClient(backend)
        .from("contact_messages")
        .select("locale, page")
        .eq("email", email)
        .single();
      return data;
    };
    expect(
      await sent("/sw/contact", "http://localhost:3000/sw/services/web-development?utm_source=x#a"),
    ).toEqual({ locale: "sw", page: "/sw/services/web-development" });
    expect(await sent("/fr/contact", "https://elsewhere.example/fr/contact")).toEqual({
      locale: "fr",
      page: null,
    });
    expect(await sent("/contact", undefined)).toEqual({ locale: "en", page: null });
  });

  it("returns to a same-origin redirectTo (the home form) and ignores others", async () => {
    const home = asResponse(
      await post({ name: "A", email: uniqueEmail("h"), message, redirectTo: "/#contact" }),
    );
    expect(home.headers.get("Location")).toBe("/#contact");
    const evil = asResponse(
      await post({ name: "A", email: uniqueEmail("e"), message, redirectTo: "https://evil.test/" }),
    );
    expect(evil.headers.get("Location")).toBe("/contact");
  });

  it("answers 400 with field errors and the typed values, storing nothing", async () => {
    const email = "not-an-email";
    const { data, status } = asData<ContactData>(
      await post({ name: "n".repeat(101), email, message: "short" }),
    );
    expect(status).toBe(400);
    expect(data.result?.error).toMatchObject({
      name: ["Name must be at most 100 characters"],
      email: ["Please enter a valid email address"],
      message: ["Message must be at least 10 characters"],
    });
    expect(data.result?.initialValue).toMatchObject({ email, message: "short" });
    expect(await storedFor(email)).toEqual([]);
  });

  it.each([
    [
      "/contact",
      "Please enter one address only, like name@example.com, without a name, quotes, commas or semicolons",
    ],
    [
      "/sw/contact",
      "Tafadhali weka anwani moja tu, kama jina@mfano.com, bila jina, alama za nukuu, koma wala nukta mkato",
    ],
    [
      "/fr/contact",
      "Merci de saisir une seule adresse, comme nom@exemple.com, sans nom, guillemets, virgules ni points-virgules",
    ],
  ])(
    "%s takes a bare address only: a display name or a group is refused next to the field",
    async (path, expected) => {
      for (const email of [
        `Boss<attacker-${Date.now()}@evil.example>`,
        "staff:a@b.co;",
        "a@b.co,c.d",
      ]) {
        const { args } = routeArgs(path, formPost({ name: "Mallory", email, message }));
        const { data, status } = asData<ContactData>(await settle(() => contact.action(args)));
        expect(status, email).toBe(400);
        expect(data.result?.error?.email, email).toEqual([expected]);
        expect(data.result?.initialValue, email).toMatchObject({ email, message });
        expect(await storedFor(email)).toEqual([]);
      }
    },
  );

  it("rejects a filled honeypot with 400", async () => {
    const email = uniqueEmail("bot");
    const { data, status } = asData<ContactData>(
      await post({ name: "Bot", email, message, name__confirm: "spam" }),
    );
    expect(status).toBe(400);
    expect(data.formError).toBe("Form not submitted.");
    expect(await storedFor(email)).toEqual([]);
  });

  it("shows the backend's own error message and keeps the input (503)", async () => {
    mock.use(
      http.post(`${backend.url}/rest/v1/contact_messages`, () =>
        HttpResponse.json({ code: "XX000", message: "inbox is full" }, { status: 500 }),
      ),
    );
    const fields = { name: "Amina", email: uniqueEmail("fail"), message };
    const { data, status } = asData<ContactData>(await post(fields));
    expect(status).toBe(503);
    expect(data.result?.error?.[""]).toEqual(["inbox is full"]);
    expect(data.toast).toMatchObject({ type: "error", title: "inbox is full" });
    expect(data.result?.initialValue).toMatchObject(fields);
  });

  it("survives a network failure with a friendly message (503)", async () => {
    mock.use(http.post(`${backend.url}/rest/v1/contact_messages`, () => HttpResponse.error()));
    const { data, status } = asData<ContactData>(
      await post({ name: "Amina", email: uniqueEmail("net"), message }),
    );
    expect(status).toBe(503);
    expect(data.result?.error?.[""]?.[0]).toMatch(/fetch failed|couldn't send/i);
  });
});

describe("contact rate limit", () => {
  it("answers 429 with Retry-After after 5 messages a minute from one address", async () => {
    process.env.RATE_LIMIT = "on";
    try {
      const send = async () => {
        const init = formPost({ name: "Flood", email: uniqueEmail("flood"), message });
        const headers = new Headers(init.headers);
        headers.set("x-client-ip", "198.51.100.99");
        const { args } = routeArgs("/contact", { ...init, headers });
        return settle(() => contact.action(args));
      };
      for (let i = 0; i < 5; i++) expect(asResponse(await send()).status).toBe(302);
      const limited = (await send()) as { init?: { status?: number; headers?: HeadersInit } };
      expect(limited.init?.status).toBe(429);
      expect(new Headers(limited.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
      expect(asData<ContactData>(limited).data.result?.error?.[""]?.[0]).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds?\.$/,
      );
    } finally {
      process.env.RATE_LIMIT = "off";
    }
  });
});

describe("contact loader", () => {
  it("prefills the chat widget's topic", async () => {
    const { args } = routeArgs("/contact?topic=website");
    const { data } = asData<{ defaultMessage: string }>(await contact.loader(args));
    expect(data.defaultMessage).toMatch(/I need a website/);
    const { args: plain } = routeArgs("/contact?topic=bogus");
    expect(
      asData<{ defaultMessage: string }>(await contact.loader(plain)).data.defaultMessage,
    ).toBe("");
  });
});

import type { TestBackend } from "@jenga/supabase-local/testing";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as newsletter from "~/routes/newsletter";
import { asData, settle } from "../support/answers";
import { serviceClient, startAppBackend, uniqueEmail } from "../support/backend";
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

async function subscribe(email: string) {
  const { args } = routeArgs("/newsletter", formPost({ email }));
  return asData(await settle(() => newsletter.action(args)));
}

const THANKS = "Check your inbox to confirm your subscription.";

async function rowsFor(email: string) {
  const { data } = await serviceClient(backend)
    .from("newsletter_subscribers")
    .select("email")
    .ilike("email", email);
  return data ?? [];
}

describe("newsletter", () => {
  it("stores the address and thanks the visitor", async () => {
    const email = uniqueEmail("news");
    const { data, status } = await subscribe(email);
    expect(status).toBe(200);
    expect(data).toMatchObject({ notice: THANKS });
    expect(await rowsFor(email)).toEqual([{ email }]);
  });

  it("answers a repeat (any case) exactly like a first subscription and never stores it twice", async () => {
    const email = uniqueEmail("twice");
    const first = await subscribe(email);
    const repeat = await subscribe(email.toUpperCase());
    expect(repeat).toEqual(first);
    expect(repeat.data).toEqual({ notice: THANKS });
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it("validates the address (400) and keeps what was typed", async () => {
    const { data, status } = await subscribe("nope@");
    expect(status).toBe(400);
    expect(data.result?.error?.email).toEqual(["Please enter a valid email address"]);
    expect(data.result?.initialValue).toEqual({ email: "nope@" });
    expect((await subscribe("")).data.result?.error?.email).toEqual(["Email is required"]);
  });

  it.each([
    [
      "/newsletter",
      "Please enter one address only, like name@example.com, without a name, quotes, commas or semicolons",
      "An email address cannot begin with =, + or -",
    ],
    [
      "/sw/newsletter",
      "Tafadhali weka anwani moja tu, kama jina@mfano.com, bila jina, alama za nukuu, koma wala nukta mkato",
      "Anwani ya barua pepe haiwezi kuanza na =, + au -",
    ],
    [
      "/fr/newsletter",
      "Merci de saisir une seule adresse, comme nom@exemple.com, sans nom, guillemets, virgules ni points-virgules",
      "Une adresse e-mail ne peut pas commencer par =, + ou -",
    ],
  ])(
    "%s refuses addresses a spreadsheet would run as a formula, next to the field",
    async (path, notBare, formula) => {
      const tag = Date.now();
      const cases = [
        [`x;=1+1;@${tag}.example.com`, notBare],
        [`=1+1@${tag}.example.com`, formula],
        [`+1@${tag}.example.com`, formula],
        [`-2+3@${tag}.example.com`, formula],
      ] as const;
      for (const [email, message] of cases) {
        const { args } = routeArgs(path, formPost({ email }));
        const { data, status } = asData(await settle(() => newsletter.action(args)));
        expect(status, email).toBe(400);
        expect(data.result?.error?.email, email).toEqual([message]);
        expect(data.result?.initialValue, email).toEqual({ email });
        expect(await rowsFor(email)).toEqual([]);
      }
    },
  );

  it("reports a backend failure with 503", async () => {
    mock.use(
      http.post(`${backend.url}/rest/v1/newsletter_subscribers`, () =>
        HttpResponse.json({ code: "XX000", message: "list unavailable" }, { status: 500 }),
      ),
    );
    const { data, status } = await subscribe(uniqueEmail("down"));
    expect(status).toBe(503);
    expect(data.formError).toBe("list unavailable");
  });

  it("a plain GET renders the sign-up page: no redirect that would swallow a no-JS result", () => {
    const page = newsletter.loader(routeArgs("/newsletter").args);
    expect(page).not.toBeInstanceOf(Response);
    expect(page.i18n["newsletter.heading"]).toBe("Subscribe to our newsletter");
  });
});

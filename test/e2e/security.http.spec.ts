import { expect, test } from "@playwright/test";
import routes from "../../app/routes.ts";
import { HOSTILE_REDIRECTS, underLanguagePrefix } from "../fixtures/redirect-payloads.ts";
import { routeLeaves } from "../support/route-table.ts";
import { countRows } from "./helpers/backend.ts";

/** Every path of the route table, with params filled in. */
function routePaths(): string[] {
  const paths = new Set<string>(["/"]);
  for (const route of routeLeaves(routes)) {
    if (!route.path || route.path === "*") continue;
    paths.add(`/${route.path.replace(/:[A-Za-z]+/g, "1")}`);
  }
  return [...paths];
}

const contactBody = {
  name: "Cross Site",
  email: "cross@example.com",
  message: "This message must never be stored.",
  name__confirm: "",
};

test.describe("cross-origin POST guard", () => {
  for (const [label, headers] of [
    [
      "Sec-Fetch-Site: cross-site",
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    ],
    ["Origin of another site", { Origin: "https://evil.example" }],
    [
      "same-site, other origin",
      { "Sec-Fetch-Site": "same-site", Origin: "https://blog.evil.example" },
    ],
  ] as const) {
    test(`every route refuses a POST with ${label} and nothing is stored`, async ({ request }) => {
      const before = await countRows("contact_messages");
      for (const path of routePaths()) {
        const response = await request.post(path, { form: contactBody, headers, maxRedirects: 0 });
        expect(response.status(), path).toBe(403);
      }
      expect(await countRows("contact_messages")).toBe(before);
    });
  }

  test("same-origin browser POSTs and non-browser clients still reach the action", async ({
    request,
    baseURL,
  }) => {
    const sameOrigin = await request.post("/contact", {
      form: { ...contactBody, message: "" },
      headers: { "Sec-Fetch-Site": "same-origin", Origin: baseURL! },
    });
    expect(sameOrigin.status()).not.toBe(403);
    const noHeaders = await request.post("/contact", { form: { ...contactBody, message: "" } });
    expect(noHeaders.status()).not.toBe(403);
  });
});

test("request bodies over 1 MB answer 413 with a readable page", async ({ request }) => {
  const response = await request.post("/contact", {
    form: { ...contactBody, message: "x".repeat(1024 * 1024 + 10) },
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain("larger than 1 MB");
});

test("the language switch never answers a Location on another site", async ({
  request,
  baseURL,
}) => {
  const site = new URL(baseURL ?? "").origin;
  const targets = [
    ...HOSTILE_REDIRECTS,
    ...HOSTILE_REDIRECTS.flatMap((payload) => underLanguagePrefix("/sw", payload)),
    ...HOSTILE_REDIRECTS.flatMap((payload) => underLanguagePrefix("/fr", payload)),
  ];
  for (const lang of ["en", "sw", "fr"]) {
    for (const to of targets) {
      const query = new URLSearchParams({ lang, to });
      const response = await request.get(`/language?${query}`, { maxRedirects: 0 });
      const location = response.headers().location ?? "";
      expect(response.status(), `lang=${lang} to=${JSON.stringify(to)}`).toBe(302);
      // Resolved as a browser resolves it (backslashes, tabs and newlines included).
      expect(new URL(location, site).origin, `lang=${lang} to=${JSON.stringify(to)}`).toBe(site);
    }
  }
});

import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as createRoute from "~/routes/admin/post-new";
import {
  FORBIDDEN_IN_SANITIZED_HTML,
  XSS_PAYLOADS,
  XSS_TEXT_PAYLOAD,
} from "../fixtures/xss-payloads";
import { asResponse, settle } from "../support/answers";
import { serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const create = routed(createRoute);

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterAll(() => backend.close());

async function saveThroughEditor(fields: Record<string, string>) {
  const { args } = routeArgs("/admin/posts/new", { ...formPost(fields), cookie: admin });
  const response = asResponse(await settle(() => create.action(args)));
  expect(response.headers.get("Location")).toBe("/admin/posts");
  const { data } = await serviceClient(backend)
    .from("posts")
    .select("title, excerpt, content")
    .order("id", { ascending: false })
    .limit(1)
    .single();
  return data as { title: string; excerpt: string; content: string };
}

describe("XSS corpus saved through the editor", () => {
  it("has at least 40 payloads", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  it("checks that would catch every payload had it been stored raw", () => {
    const uncaught = XSS_PAYLOADS.filter(
      (payload) => !FORBIDDEN_IN_SANITIZED_HTML.some((pattern) => pattern.test(payload)),
    );
    expect(uncaught).toEqual([]);
  });

  it.each(XSS_PAYLOADS.map((payload, i) => [i, payload] as const))(
    "payload %i is stored without anything executable: %s",
    async (i, payload) => {
      const stored = await saveThroughEditor({
        title: `XSS ${i}`,
        content: `<p>before</p>${payload}<p>after</p>`,
        published: "on",
      });
      for (const pattern of FORBIDDEN_IN_SANITIZED_HTML) {
        expect(stored.content, `${pattern}`).not.toMatch(pattern);
      }
      expect(stored.content).toContain("<p>before</p>");
    },
  );

  it("keeps safe markup of the allow-list intact", async () => {
    const safe =
      '<h2>Heading</h2><p>Text with <a href="https://example.com/x">a link</a> and <a href="/blog/1">a site link</a>.</p>' +
      '<ul><li>one</li></ul><blockquote><p>quote</p></blockquote><pre><code class="language-ts">let a = 1;</code></pre>' +
      '<table><thead><tr><th scope="col">H</th></tr></thead><tbody><tr><td>D</td></tr></tbody></table>' +
      '<p><img src="/images/og-default.png" alt="cover" /></p>';
    const stored = await saveThroughEditor({ title: "Safe markup", content: safe });
    expect(stored.content).toContain(
      '<a rel="noopener noreferrer" href="https://example.com/x">a link</a>',
    );
    expect(stored.content).toContain('<a rel="noopener noreferrer" href="/blog/1">a site link</a>');
    for (const tag of [
      "<h2>",
      "<ul>",
      "<blockquote>",
      '<code class="language-ts">',
      "<table>",
      '<th scope="col">',
    ]) {
      expect(stored.content).toContain(tag);
    }
    expect(stored.content).toContain(
      '<img src="/images/og-default.png" alt="cover" loading="lazy" />',
    );
  });

  it("stores title and excerpt as text (escaped when rendered, never parsed)", async () => {
    const stored = await saveThroughEditor({
      title: XSS_TEXT_PAYLOAD,
      excerpt: XSS_TEXT_PAYLOAD,
      content: "<p>x</p>",
    });
    expect(stored.title).toBe(XSS_TEXT_PAYLOAD);
    expect(stored.excerpt).toBe(XSS_TEXT_PAYLOAD);
  });
});

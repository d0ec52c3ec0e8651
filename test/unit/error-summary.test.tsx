import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { siteFieldLabels } from "~/components/admin/site/field-labels";
import { ErrorSummary, type LabelOf } from "~/components/forms/error-summary";
import { fieldIdOf } from "~/components/forms/field-id";
import { KINDS } from "~/domain/site/editor/kinds";
import type { Locale } from "~/i18n/locale";
import { bundle } from "~/i18n/translate.server";
import { TranslateContext, translatorFrom } from "~/i18n/use-t";
import { ANSWER_HAS_ERRORS, answerErrors } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";

/**
 * The GOV.UK error summary (issue 44, item 1): what it lists from each kind of answer, the
 * links' targets, and its markup in the server's HTML (what a browser without JS gets).
 */
const translate = (locale: Locale) =>
  translatorFrom([
    { id: "root", loaderData: { locale, i18n: bundle(locale, ["errors", "siteEditor"]) } },
  ]);

function render(answer: unknown, locale: Locale = "en", labelOf?: LabelOf): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <TranslateContext value={translate(locale)}>
          <ErrorSummary answer={answer} labelOf={labelOf} />
        </TranslateContext>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("answerErrors", () => {
  it("lists a Conform reply's field errors in order, its form error once, as text", () => {
    const answer = {
      formError: "Too many attempts.",
      result: {
        error: { "": ["Too many attempts."], email: ["Email is invalid"], name: ["Required"] },
      },
    };
    expect(answerErrors(answer)).toEqual([
      { name: null, message: "Too many attempts." },
      { name: "email", message: "Email is invalid" },
      { name: "name", message: "Required" },
    ]);
  });

  it("reads the site editors' errors and ignores answers without any", () => {
    expect(answerErrors({ errors: { "title.en": ["Write the English text."] } })).toEqual([
      { name: "title.en", message: "Write the English text." },
    ]);
    expect(answerErrors({ notice: "Sent", result: { error: {} } })).toEqual([]);
    expect(answerErrors(undefined)).toEqual([]);
    expect(answerErrors({ result: { error: { email: null } }, formError: null })).toEqual([]);
  });
});

describe("the summary's links", () => {
  it("target ids an id fragment can name", () => {
    expect(fieldIdOf("title.en")).toBe("field-title-en");
    expect(fieldIdOf("features[2].fr")).toBe("field-features-2--fr");
    expect(fieldIdOf("price_min")).toBe("field-price_min");
  });

  it("name an editor's field, row, part and language", () => {
    const services = siteFieldLabels(KINDS.services, translate("en"));
    expect(services("slug")).toBe("Web address (slug)");
    expect(services("title.en")).toBe("Title (English)");
    expect(services("features[1].fr")).toBe("Features, Row 2 (Français)");
    expect(services("process[0].title.sw")).toBe("Process steps, Row 1, Step title (Kiswahili)");
    expect(services("price_min")).toMatch(/^Price.*, Lowest price \(Ksh\)$/);
    expect(services("image_file")).toBe(services("image"));
    expect(services("nothing")).toBeUndefined();
    const settings = siteFieldLabels(KINDS.settings, translate("en"));
    expect(settings("cities[1].address")).toMatch(/, Row 2, Street address$/);
  });
});

describe("<ErrorSummary>", () => {
  it("is absent while the answer holds no error", () => {
    expect(render({ notice: "Sent" })).toBe("");
  });

  it("takes focus on load and announces a heading and a link per invalid field", () => {
    const html = render(
      { errors: { slug: ["Use lowercase letters."], price_min: ["Enter an amount."] } },
      "en",
      siteFieldLabels(KINDS.services, translate("en")),
    );
    expect(html).toMatch(/^<div role="alert" tabindex="-1" autofocus=""/);
    expect(html).toContain(">There is a problem</h2>");
    expect(html).toContain(
      '<a href="#field-slug" class="font-medium underline hover:text-red-900">Web address (slug): Use lowercase letters.</a>',
    );
    expect(html).toContain('href="#field-price_min"');
  });

  it("speaks the page's language and shows a form error as text", () => {
    const html = render({ formError: "Trop de tentatives.", result: { error: {} } }, "fr");
    expect(html).toContain(">Il y a un problème</h2>");
    expect(html).toContain("<li>Trop de tentatives.</li>");
    expect(render({ formError: "x" }, "sw")).toContain(">Kuna tatizo</h2>");
  });
});

describe("the page title of an answer with errors", () => {
  const matches = (locale: Locale, failed: boolean) => [
    {
      id: "root",
      loaderData: {
        locale,
        i18n: bundle(locale, ["errors", "meta.homeTitle", "blog.feedTitle"]),
        ...(failed ? { [ANSWER_HAS_ERRORS]: true } : {}),
      },
    },
  ];
  const titles = (locale: Locale, failed: boolean) =>
    pageMeta(matches(locale, failed), {
      title: "Contact",
      description: "d",
      path: "/contact",
    }).flatMap((tag) =>
      "title" in tag && !("tagName" in tag)
        ? [`title ${tag.title}`]
        : "property" in tag && tag.property === "og:title"
          ? [`og ${tag.content}`]
          : [],
    );

  it("starts with Error: in the page's language; the title shared on social sites does not", () => {
    expect(titles("en", true)).toEqual([
      expect.stringMatching(/^title Error: Contact \| /),
      expect.stringMatching(/^og Contact \| /),
    ]);
    expect(titles("sw", true)[0]).toMatch(/^title Hitilafu: Contact/);
    expect(titles("fr", true)[0]).toMatch(/^title Erreur\u00a0: Contact/);
    expect(titles("en", false)[0]).toMatch(/^title Contact \| /);
  });
});

import sanitizeHtml from "sanitize-html";

/** Links and images may point to http(s) URLs or site paths only. */
const SAFE_URL = /^(https?:\/\/|\/(?!\/))/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "mark",
    "small",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "blockquote",
    "pre",
    "code",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  exclusiveFilter: (frame) => frame.tag === "img" && !SAFE_URL.test(frame.attribs.src ?? ""),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const safe = SAFE_URL.test(href) || /^mailto:/i.test(href);
      const attrs: Record<string, string> = { rel: "noopener noreferrer" };
      if (safe) attrs.href = href;
      if (attribs.title) attrs.title = attribs.title;
      if (attribs.target === "_blank") attrs.target = "_blank";
      return { tagName, attribs: attrs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/**
 * Allow-list sanitizer for post HTML, applied when a post is saved and again when it is rendered:
 * headings, paragraphs, lists, safe links (rel="noopener"), http(s)/site-path images, code,
 * blockquotes and tables. Everything else — scripts, event handlers, styles, SVG/MathML,
 * javascript:/data: URLs — is removed.
 */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}

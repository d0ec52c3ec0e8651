import type { MetaDescriptor } from "react-router";
import { translatorFrom } from "~/i18n/use-t";
import { siteFromMatches } from "./seo";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** `meta` of a route whose loader threw (404 / 410 / 503): a title, and nothing to index. */
export function errorMeta(matches: MatchLike[], error: unknown): MetaDescriptor[] {
  const { status, data } = (error ?? {}) as { status?: number; data?: { title?: unknown } | null };
  const t = translatorFrom(matches);
  const title =
    typeof data?.title === "string" && status === 410
      ? data.title
      : t(status === 404 ? "errors.notFoundTitle" : "errors.fallbackTitle");
  return [
    { title: `${title} | ${siteFromMatches(matches).brandName}` },
    { name: "robots", content: "noindex" },
  ];
}

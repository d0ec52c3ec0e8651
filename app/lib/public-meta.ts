import type { MetaDescriptor } from "react-router";
import { translatorFrom } from "~/i18n/use-t";
import { siteFromMatches } from "./seo";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** `meta` of a route whose loader threw (404 / 503): a title, and nothing to index. */
export function errorMeta(matches: MatchLike[], error: unknown): MetaDescriptor[] {
  const status = (error as { status?: number } | undefined)?.status;
  const t = translatorFrom(matches);
  const title = t(status === 404 ? "errors.notFoundTitle" : "errors.fallbackTitle");
  return [
    { title: `${title} | ${siteFromMatches(matches).brandName}` },
    { name: "robots", content: "noindex" },
  ];
}

import type { MetaDescriptor } from "react-router";
import { siteFromMatches } from "./seo";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** `meta` of a route whose loader threw (404 / 503): a title, and nothing to index. */
export function errorMeta(matches: MatchLike[], error: unknown): MetaDescriptor[] {
  const status = (error as { status?: number } | undefined)?.status;
  const title = status === 404 ? "Page Not Found" : "Something went wrong";
  return [
    { title: `${title} | ${siteFromMatches(matches).brandName}` },
    { name: "robots", content: "noindex" },
  ];
}

import type { CoverDetails } from "~/domain/media/alt-text";
import type { Locale } from "~/i18n/locale";
import type { PostTerm } from "./taxonomy";

/** A published blog post as the pages use it (the blog list's mapping of a posts row). */
export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  coverImage: string | null;
  author: string;
  authorAvatar: string | null;
  /** published_at as an ISO string. */
  date: string;
  readTime: string;
  /** Keys with their labels in the page's language (app/domain/posts/taxonomy.ts). */
  categories: PostTerm[];
  tags: PostTerm[];
  /** The language the post is written in (English when absent). */
  lang?: Locale;
  /** The post this one translates (the original of its group), if any. */
  translationOf?: number | null;
  /** An uploaded cover's size and alt text, from the media library (app/domain/media/details.server.ts). */
  cover?: CoverDetails;
}

/** A post in lists (no HTML content: keeps list pages and their data small). */
export type PostSummary = Omit<BlogPost, "content">;

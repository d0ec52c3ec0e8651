import { formatTagList } from "~/domain/posts/tag-list";

/** What the editor's fields start with. */
export interface PostFormDefaults {
  title: string;
  excerpt: string;
  content: string;
  cover_image: string;
  categories: string;
  tags: string;
  published: boolean;
}

export interface EditablePost {
  title: string;
  excerpt: string;
  content: string;
  cover_image: string | null;
  categories: string[];
  tags: string[];
  published: boolean;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The editor's starting values: what was just typed (echoed by the action after a failed save
 * or a preview), else the stored post (edit mode), else empty (new post).
 */
export function postFormDefaults(
  post: EditablePost | null | undefined,
  typed: Record<string, unknown> | null | undefined,
): PostFormDefaults {
  if (typed) {
    return {
      title: text(typed.title),
      excerpt: text(typed.excerpt),
      content: text(typed.content),
      cover_image: text(typed.cover_image),
      categories: text(typed.categories),
      tags: text(typed.tags),
      published: typed.published === "on" || typed.published === true,
    };
  }
  return {
    title: post?.title ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    cover_image: post?.cover_image ?? "",
    categories: formatTagList(post?.categories),
    tags: formatTagList(post?.tags),
    published: post?.published ?? false,
  };
}

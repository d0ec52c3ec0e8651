import type { HistorySubject } from "./diff";

/** A blog post's fields, as its history page names them (posts have their own editor). */
export const POST_HISTORY: HistorySubject = {
  entity: "posts",
  nameField: "title",
  fields: [
    { name: "title", type: "text", label: "siteEditor.fields.title" },
    { name: "excerpt", type: "text", label: "siteEditor.fields.excerpt" },
    { name: "content", type: "text", label: "siteEditor.fields.content" },
    { name: "cover_image", type: "text", label: "siteEditor.fields.coverImage" },
    { name: "categories", type: "textList", label: "siteEditor.fields.categories" },
    { name: "tags", type: "textList", label: "siteEditor.fields.tags" },
    { name: "lang", type: "text", label: "siteEditor.fields.language" },
    { name: "published", type: "boolean", label: "siteEditor.fields.published" },
  ],
};

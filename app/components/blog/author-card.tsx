import { useT } from "~/i18n/use-t";
import { Avatar } from "./avatar";

/** 'About {author}' with the author's bio. */
export function AuthorCard({
  name,
  avatar,
  bio,
}: {
  name: string;
  avatar: string | null;
  /** A team member's bio, or the general line (`lang: "en"` when shown untranslated). */
  bio: { text: string; lang?: string };
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="author-heading"
      className="flex gap-5 rounded-2xl border border-slate-200 bg-slate-50 p-6"
    >
      <Avatar name={name} src={avatar} size={64} />
      <div>
        <h2 id="author-heading" className="text-lg font-semibold text-slate-900">
          {t("blog.aboutAuthor", { name })}
        </h2>
        {bio.text ? (
          <p className="mt-2 text-slate-700" lang={bio.lang}>
            {bio.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}

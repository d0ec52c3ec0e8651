-- Posts per language (issue 18): each post is written in one language (default English) and
-- may name the post it translates. A group of translations is the original plus the posts whose
-- translation_of points at it; a language has at most one translation of a given original.
alter table public.posts
  add column lang text not null default 'en',
  add column translation_of bigint references public.posts (id) on delete set null,
  add constraint posts_lang_known check (lang in ('en', 'sw', 'fr')),
  add constraint posts_translation_not_itself check (translation_of is null or translation_of <> id);

create index posts_translation_of_idx on public.posts (translation_of);
create unique index posts_one_translation_per_language
  on public.posts (translation_of, lang)
  where translation_of is not null;

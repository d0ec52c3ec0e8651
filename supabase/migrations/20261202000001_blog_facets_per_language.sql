-- The blog's filter choices per language (issue 18): a language's blog lists its own posts and
-- the English posts of the groups it has not translated yet, so its category and tag choices
-- come from exactly those posts (a Kiswahili visitor is not offered an English category that
-- only a translated English post carries). Security invoker: the posts' RLS decides what a
-- caller sees, as for a plain select. published_post_facets() stays for existing callers.
create or replace function public.blog_post_facets(blog_lang text)
returns table (kind text, value text)
language sql
stable
security invoker
set search_path = ''
as $$
  with shown as (
    select p.categories, p.tags
      from public.posts as p
     where p.published
       and (
         p.lang = blog_lang
         or (
           blog_lang <> 'en'
           and p.lang = 'en'
           and not exists (
             select 1
               from public.posts as t
              where t.published
                and t.lang = blog_lang
                and coalesce(t.translation_of, t.id) in (p.id, p.translation_of)
           )
         )
       )
  )
  select distinct 'category'::text, category
    from shown, unnest(shown.categories) as category
  union
  select distinct 'tag'::text, tag
    from shown, unnest(shown.tags) as tag
$$;

revoke all on function public.blog_post_facets(text) from public;
grant execute on function public.blog_post_facets(text) to anon, authenticated, service_role;

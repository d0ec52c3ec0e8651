-- The blog's filter choices: every category and tag of the published posts, computed in the
-- database (the list page no longer loads every post to collect them). Security invoker: the
-- posts' RLS decides what a caller sees, as for a plain select.
create or replace function public.published_post_facets()
returns table (kind text, value text)
language sql
stable
security invoker
set search_path = ''
as $$
  select distinct 'category'::text, category
    from public.posts, unnest(posts.categories) as category
   where posts.published
  union
  select distinct 'tag'::text, tag
    from public.posts, unnest(posts.tags) as tag
   where posts.published
$$;

revoke all on function public.published_post_facets() from public;
grant execute on function public.published_post_facets() to anon, authenticated, service_role;

-- The blog's categories and tags as a small translated taxonomy (issue 27): each one is a stable
-- key (its slug, what posts store and what /blog?category=… and ?tag=… carry) and a label per
-- language (English required, Kiswahili and French optional, shown in English where missing:
-- public.is_translated_text of supabase/migrations/20261204000001_site_content.sql). Admins edit
-- them in /admin/blog-categories and /admin/blog-tags; visitors read them (RLS, as for the other
-- content tables). Posts keep their text[] columns, which now hold keys only:
--   * a name written into a post (the post editor's comma-separated fields, an import, the
--     seed's English names) becomes the key of the term it names — by key, or by its label in
--     any language — and a new term (English label = the name) when none does;
--   * a translation carries its original's categories and tags, always: one category never
--     appears under two names;
--   * renaming a term's key rewrites the posts that carry it; deleting a term takes it off them.
-- Plain SQL for `supabase db push` and the embedded backend alike.

create table public.blog_categories (
  id bigint generated always as identity primary key,
  slug text not null unique,
  position integer not null default 0,
  label jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_categories_slug check (public.is_slug(slug)),
  constraint blog_categories_label check (public.is_translated_text(label, 60))
);

create table public.blog_tags (
  id bigint generated always as identity primary key,
  slug text not null unique,
  position integer not null default 0,
  label jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_tags_slug check (public.is_slug(slug)),
  constraint blog_tags_label check (public.is_translated_text(label, 60))
);

-- History and audit as for the rest of the site's content.
do $$
declare
  t text;
begin
  foreach t in array array['blog_categories', 'blog_tags']
  loop
    execute format('create trigger %I before update on public.%I for each row execute function public.content_bump_version()', t || '_version', t);
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function public.content_keep_revision()', t || '_revision', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select on table public.%I to anon, authenticated', t);
    execute format('grant insert, update, delete on table public.%I to authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('create policy "Everyone reads the terms" on public.%I for select to anon, authenticated using (true)', t);
    execute format('create policy "Admins create items" on public.%I for insert to authenticated with check ((select public.is_admin()))', t);
    execute format('create policy "Admins change items" on public.%I for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))', t);
    execute format('create policy "Admins delete items" on public.%I for delete to authenticated using ((select public.is_admin()))', t);
  end loop;
end;
$$;

grant usage on sequence public.blog_categories_id_seq, public.blog_tags_id_seq to authenticated, service_role;

-- Restoring a revision and reordering know the new lists.
create or replace function public.content_table_known(p_entity text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_entity in ('services', 'portfolio_categories', 'portfolio_projects', 'team_members',
    'testimonials', 'site_figures', 'legal_documents', 'chat_options', 'blog_categories', 'blog_tags')
$$;

-- ---------------------------------------------------------------------------
-- Names to keys
-- ---------------------------------------------------------------------------
-- The key a new term gets from its name: lower case, common accents dropped, every run of
-- other characters a hyphen ("Développement web" → "developpement-web").
create or replace function public.blog_term_slug(p_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    nullif(
      trim(both '-' from left(trim(both '-' from regexp_replace(
        translate(lower(p_name), 'àáâãäåæçèéêëìíîïñòóôõöøœùúûüýÿ', 'aaaaaaaceeeeiiiinooooooouuuuyy'),
        '[^a-z0-9]+', '-', 'g')), 80)),
      ''),
    'term-' || left(md5(p_name), 8))
$$;

-- The keys of a list of names (see the top of this file), in order, without repeats; a name no
-- term has yet becomes a new term. Called by the posts' trigger only.
create or replace function public.blog_term_keys(p_table text, p_names text[])
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_key text;
  v_keys text[] := '{}';
begin
  if p_table not in ('blog_categories', 'blog_tags') then
    raise exception 'unknown taxonomy %', p_table using errcode = '22023';
  end if;
  foreach v_name in array coalesce(p_names, '{}')
  loop
    v_name := btrim(regexp_replace(coalesce(v_name, ''), '\s+', ' ', 'g'));
    continue when v_name = '';
    v_key := null;
    execute format(
      'select t.slug from public.%I as t
        where t.slug = $1 or t.slug = $2
           or exists (select 1 from jsonb_each_text(t.label) as l where lower(l.value) = lower($1))
        order by (t.slug = $1) desc, (t.slug = $2) desc, t.position, t.id
        limit 1', p_table)
      into v_key using v_name, public.blog_term_slug(v_name);
    if v_key is null then
      v_key := public.blog_term_slug(v_name);
      execute format(
        'insert into public.%I (slug, label) values ($1, jsonb_build_object(''en'', left($2, 60)))
         on conflict (slug) do nothing', p_table)
        using v_key, v_name;
    end if;
    if not (v_key = any (v_keys)) then
      v_keys := v_keys || v_key;
    end if;
  end loop;
  return v_keys;
end;
$$;

-- Before a post is saved: a translation takes its original's keys; an original's names become keys.
create or replace function public.posts_taxonomy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_original public.posts;
begin
  if new.translation_of is not null then
    select * into v_original from public.posts where id = new.translation_of;
    if found then
      new.categories := v_original.categories;
      new.tags := v_original.tags;
      return new;
    end if;
  end if;
  new.categories := public.blog_term_keys('blog_categories', new.categories);
  new.tags := public.blog_term_keys('blog_tags', new.tags);
  return new;
end;
$$;

-- After an original's categories or tags change: its translations follow.
create or replace function public.posts_share_taxonomy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.posts
     set categories = new.categories, tags = new.tags
   where translation_of = new.id
     and (categories is distinct from new.categories or tags is distinct from new.tags);
  return null;
end;
$$;

-- After a term's key changes or the term is deleted: the originals carrying it follow (their
-- translations through posts_share_taxonomy).
create or replace function public.blog_term_rekey()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_column text := case tg_table_name when 'blog_categories' then 'categories' else 'tags' end;
begin
  if tg_op = 'DELETE' then
    execute format(
      'update public.posts set %1$I = array_remove(%1$I, $1) where translation_of is null and $1 = any (%1$I)',
      v_column) using old.slug;
  elsif new.slug is distinct from old.slug then
    execute format(
      'update public.posts set %1$I = array_replace(%1$I, $1, $2) where translation_of is null and $1 = any (%1$I)',
      v_column) using old.slug, new.slug;
  end if;
  return null;
end;
$$;

create trigger posts_taxonomy
  before insert or update of categories, tags, translation_of on public.posts
  for each row execute function public.posts_taxonomy();
create trigger posts_share_taxonomy
  after update of categories, tags on public.posts
  for each row when (new.translation_of is null)
  execute function public.posts_share_taxonomy();
create trigger blog_categories_rekey
  after update of slug or delete on public.blog_categories
  for each row execute function public.blog_term_rekey();
create trigger blog_tags_rekey
  after update of slug or delete on public.blog_tags
  for each row execute function public.blog_term_rekey();

revoke all on function public.blog_term_keys(text, text[]) from public, anon, authenticated;
revoke all on function public.posts_taxonomy() from public, anon, authenticated;
revoke all on function public.posts_share_taxonomy() from public, anon, authenticated;
revoke all on function public.blog_term_rekey() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- What the blog's pages read: every term with its labels, in one call (security invoker: RLS
-- decides, as for a plain select).
-- ---------------------------------------------------------------------------
create or replace function public.blog_taxonomy()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'categories', coalesce((select jsonb_agg(jsonb_build_object('key', c.slug, 'label', c.label) order by c.position, c.id) from public.blog_categories c), '[]'),
    'tags', coalesce((select jsonb_agg(jsonb_build_object('key', t.slug, 'label', t.label) order by t.position, t.id) from public.blog_tags t), '[]')
  )
$$;

revoke all on function public.blog_taxonomy() from public;
grant execute on function public.blog_taxonomy() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The categories and tags of the built-in articles, in three languages. Inserted only where
-- missing, so this runs unchanged on a project that already has them.
-- ---------------------------------------------------------------------------
insert into public.blog_categories (slug, position, label)
select v.slug, v.position, v.label::jsonb
  from (values
    ('web-development', 1, '{"en":"Web Development","sw":"Utengenezaji wa Tovuti","fr":"Développement web"}'),
    ('mobile-development', 2, '{"en":"Mobile Development","sw":"Utengenezaji wa Programu za Simu","fr":"Développement mobile"}'),
    ('business', 3, '{"en":"Business","sw":"Biashara","fr":"Entreprise"}'),
    ('payments', 4, '{"en":"Payments","sw":"Malipo","fr":"Paiements"}'),
    ('digital-marketing', 5, '{"en":"Digital Marketing","sw":"Masoko ya Kidijitali","fr":"Marketing digital"}'),
    ('ai', 6, '{"en":"AI","sw":"Akili Bandia","fr":"IA"}'),
    ('hosting', 7, '{"en":"Hosting","sw":"Uhifadhi wa Tovuti","fr":"Hébergement"}')
  ) as v(slug, position, label)
 where not exists (select 1 from public.blog_categories c where c.slug = v.slug);

insert into public.blog_tags (slug, position, label)
select v.slug, v.position, v.label::jsonb
  from (values
    ('seo', 1, '{"en":"seo","sw":"seo","fr":"référencement"}'),
    ('website', 2, '{"en":"website","sw":"tovuti","fr":"site-web"}'),
    ('small-business', 3, '{"en":"small-business","sw":"biashara-ndogo","fr":"petite-entreprise"}'),
    ('mobile', 4, '{"en":"mobile","sw":"simu","fr":"mobile"}'),
    ('design', 5, '{"en":"design","sw":"usanifu","fr":"design"}'),
    ('performance', 6, '{"en":"performance","sw":"kasi","fr":"performance"}'),
    ('mpesa', 7, '{"en":"mpesa","sw":"mpesa","fr":"mpesa"}'),
    ('payments', 8, '{"en":"payments","sw":"malipo","fr":"paiements"}'),
    ('ecommerce', 9, '{"en":"ecommerce","sw":"biashara-mtandaoni","fr":"e-commerce"}'),
    ('sms', 10, '{"en":"sms","sw":"sms","fr":"sms"}'),
    ('marketing', 11, '{"en":"marketing","sw":"masoko","fr":"marketing"}'),
    ('customers', 12, '{"en":"customers","sw":"wateja","fr":"clients"}'),
    ('ai', 13, '{"en":"ai","sw":"akili-bandia","fr":"ia"}'),
    ('chatbots', 14, '{"en":"chatbots","sw":"roboti-za-gumzo","fr":"chatbots"}'),
    ('support', 15, '{"en":"support","sw":"usaidizi","fr":"assistance"}'),
    ('hosting', 16, '{"en":"hosting","sw":"uhifadhi","fr":"hébergement"}'),
    ('security', 17, '{"en":"security","sw":"usalama","fr":"sécurité"}')
  ) as v(slug, position, label)
 where not exists (select 1 from public.blog_tags t where t.slug = v.slug);

-- Posts written before: names become keys (originals first, then their translations).
update public.posts set categories = categories, tags = tags where translation_of is null;
update public.posts set categories = categories, tags = tags where translation_of is not null;

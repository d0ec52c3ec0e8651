-- The database refuses what the site's editors refuse (issue 40, item 7). The editors in /admin
-- check every value (app/domain/site/editor/schema.server.ts), but an admin's token or the
-- service role writes through the API without them: a contact e-mail
-- `hello@example.test?bcc=eve@…` went into every page's mailto: link, a brand name with a line
-- break into every page's title. Each rule below is the editors' own, written once for both in
-- app/domain/site/editor/stored-rules.ts (test/unit/site-kinds.test.ts finds each pattern here
-- and holds every column's constraint to its field's rule):
--   * a one-line text (a name, a title, a list item) holds no control character, tab or line
--     break; a paragraph holds none but tab and line feed; no text is spaces only (the editors
--     trim), and no translation is stored empty (the editors leave it out);
--   * the site's contact addresses are one bare address without `?`, `%` or `#`;
--   * the phone number is digits, spaces, ( ) . - and a leading +, with at least three digits;
--   * a social link points at its network's own host; a service's icon is one the site draws;
--   * an old slug is a slug.
-- Visitors also stop reading the old slugs of items they cannot see (issue 40, item 7): a
-- redirect shows to whoever can see the item it leads to, and a deleted draft leaves none.
-- Every row the seed and the editors wrote passes (the constraints are checked on adding them).
-- Plain SQL for `supabase db push` and the embedded backend alike.

-- ---------------------------------------------------------------------------
-- Texts
-- ---------------------------------------------------------------------------
create or replace function public.is_text_line(v text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select v !~ '[\u0000-\u001f\u007f-\u009f\u2028\u2029]'
     and (v = '' or v ~ '[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]')
$$;

create or replace function public.is_text_paragraph(v text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select v !~ '[\u0000-\u0008\u000b-\u001f\u007f-\u009f]'
     and (v = '' or v ~ '[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]')
$$;

-- A plain one-line text of min_length to max_length characters.
create or replace function public.is_plain_line(v text, min_length integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(v) between min_length and max_length and public.is_text_line(v)
$$;

-- A translated text (public.is_translated_text) whose every language is a non-empty line, or
-- paragraph. CASE first: the shape is known before its values are read.
create or replace function public.is_translated_line(v jsonb, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when public.is_translated_text(v, max_length) then not exists (
    select 1 from jsonb_each_text(v) as e where e.value = '' or not public.is_text_line(e.value))
  else false end
$$;

create or replace function public.is_translated_paragraph(v jsonb, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when public.is_translated_text(v, max_length) then not exists (
    select 1 from jsonb_each_text(v) as e where e.value = '' or not public.is_text_paragraph(e.value))
  else false end
$$;

-- Lists: translated lines (a service's features), plain lines (a project's tags, the cities).
create or replace function public.is_translated_lines(v jsonb, max_items integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when public.is_translated_list(v, max_items, max_length) then not exists (
    select 1 from jsonb_array_elements(v) as item where not public.is_translated_line(item, max_length))
  else false end
$$;

create or replace function public.is_text_lines(v jsonb, max_items integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when public.is_text_list(v, max_items, max_length) then not exists (
    select 1 from jsonb_array_elements_text(v) as item where not public.is_text_line(item))
  else false end
$$;

-- A service's process: each step's title a line, its description a paragraph.
create or replace function public.is_process_steps_text(v jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when public.is_process_steps(v) then not exists (
    select 1 from jsonb_array_elements(v) as step
     where not public.is_translated_line(step -> 'title', 80)
        or not public.is_translated_paragraph(step -> 'description', 300))
  else false end
$$;

-- ---------------------------------------------------------------------------
-- Addresses, numbers, links
-- ---------------------------------------------------------------------------
-- The site's contact addresses (stored-rules.ts, SITE_EMAIL): the template's ATOM and LABEL
-- spelled out, then WORD — ASCII letters and digits and every code point from U+00A1 to the
-- last plane with letters but spaces, invisible format characters, private-use and special
-- ones (no locale classes, so every server reads it alike).
create or replace function public.is_site_email(v text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(v) between 3 and 254
     and v ~ replace(replace(replace(
           '^ATOM(?:\.ATOM)*@LABEL(?:\.LABEL)+$',
           'ATOM', '[WORD!$&''*+/=^_`{|}~-]+'),
           'LABEL', '[WORD](?:[WORD-]*[WORD])?'),
           'WORD', 'A-Za-z0-9\u00a1-\u00ac\u00ae-\u167f\u1681-\u180d\u180f-\u1fff\u2010-\u2027\u2030-\u205e\u2070-\u2fff\u3001-\ud7ff\uf900-\ufefe\uff00-\ufff8\U00010000-\U0003ffff\U000e0100-\U000e01ef')
$$;

create or replace function public.is_phone_number(v text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select public.is_plain_line(v, 3, 40)
     and v ~ '^\+?[0-9 ().-]+$'
     and v ~ '[0-9](?:[^0-9]*[0-9]){2}'
$$;

-- Social links (public.is_social_links) whose every URL is one line without spaces and points at
-- its network: https, one of the network's hosts right after // (A–Z read as a–z), then a port,
-- a path, a query or nothing — no user name, no look-alike host.
create or replace function public.is_social_links_of_networks(v jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when public.is_social_links(v) then not exists (
    select 1 from jsonb_array_elements(v) as l
     where (l ->> 'url') ~ '[\u0000-\u001f\u007f-\u009f\u2028\u2029]'
        or (l ->> 'url') ~ '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
        or translate(l ->> 'url', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') !~
           case l ->> 'network'
             when 'facebook' then '^https://(?:[a-z0-9-]+\.)*(?:facebook\.com|fb\.com)(?::[0-9]{1,5})?(?:[/?#\\]|$)'
             when 'x' then '^https://(?:[a-z0-9-]+\.)*(?:x\.com|twitter\.com)(?::[0-9]{1,5})?(?:[/?#\\]|$)'
             when 'linkedin' then '^https://(?:[a-z0-9-]+\.)*(?:linkedin\.com)(?::[0-9]{1,5})?(?:[/?#\\]|$)'
             when 'instagram' then '^https://(?:[a-z0-9-]+\.)*(?:instagram\.com)(?::[0-9]{1,5})?(?:[/?#\\]|$)'
             when 'youtube' then '^https://(?:[a-z0-9-]+\.)*(?:youtube\.com|youtu\.be)(?::[0-9]{1,5})?(?:[/?#\\]|$)'
             when 'tiktok' then '^https://(?:[a-z0-9-]+\.)*(?:tiktok\.com)(?::[0-9]{1,5})?(?:[/?#\\]|$)'
           end)
  else false end
$$;

-- ---------------------------------------------------------------------------
-- The columns' constraints (same names, the editors' rules; checked against every row now)
-- ---------------------------------------------------------------------------
alter table public.site_settings
  drop constraint site_settings_brand,
  add constraint site_settings_brand check (public.is_plain_line(brand_name, 1, 80)),
  drop constraint site_settings_phone,
  add constraint site_settings_phone check (public.is_phone_number(phone)),
  drop constraint site_settings_email,
  add constraint site_settings_email check (public.is_site_email(email)),
  drop constraint site_settings_support_email,
  add constraint site_settings_support_email check (public.is_site_email(support_email)),
  drop constraint site_settings_office_hours,
  add constraint site_settings_office_hours check (public.is_translated_line(office_hours, 200)),
  drop constraint site_settings_cities,
  add constraint site_settings_cities check (public.is_text_lines(cities, 20, 80)),
  drop constraint site_settings_country,
  add constraint site_settings_country check (public.is_translated_line(country, 80)),
  drop constraint site_settings_meta,
  add constraint site_settings_meta check (public.is_translated_paragraph(meta_description, 300)),
  drop constraint site_settings_fallback_bio,
  add constraint site_settings_fallback_bio check (public.is_translated_paragraph(author_fallback_bio, 600)),
  drop constraint site_settings_social,
  add constraint site_settings_social check (public.is_social_links_of_networks(social_links));

alter table public.services
  drop constraint services_icon,
  add constraint services_icon check (icon in ('globe', 'smartphone', 'code', 'server', 'message', 'trendingUp', 'palette', 'bot', 'chat', 'star', 'user', 'link')),
  drop constraint services_title,
  add constraint services_title check (public.is_translated_line(title, 80)),
  drop constraint services_description,
  add constraint services_description check (public.is_translated_paragraph(description, 300)),
  drop constraint services_long_description,
  add constraint services_long_description check (public.is_translated_paragraph(long_description, 2000)),
  drop constraint services_cta,
  add constraint services_cta check (public.is_translated_line(cta, 60)),
  drop constraint services_features,
  add constraint services_features check (public.is_translated_lines(features, 20, 200)),
  drop constraint services_technologies,
  add constraint services_technologies check (public.is_translated_lines(technologies, 30, 60)),
  drop constraint services_process,
  add constraint services_process check (public.is_process_steps_text(process));

alter table public.portfolio_categories
  drop constraint portfolio_categories_label,
  add constraint portfolio_categories_label check (public.is_translated_line(label, 60));

alter table public.portfolio_projects
  drop constraint portfolio_projects_client,
  add constraint portfolio_projects_client check (public.is_plain_line(client, 1, 120)),
  drop constraint portfolio_projects_tags,
  add constraint portfolio_projects_tags check (public.is_text_lines(tags, 12, 40)),
  drop constraint portfolio_projects_title,
  add constraint portfolio_projects_title check (public.is_translated_line(title, 100)),
  drop constraint portfolio_projects_description,
  add constraint portfolio_projects_description check (public.is_translated_paragraph(description, 300)),
  drop constraint portfolio_projects_challenge,
  add constraint portfolio_projects_challenge check (public.is_translated_paragraph(challenge, 600)),
  drop constraint portfolio_projects_outcome,
  add constraint portfolio_projects_outcome check (public.is_translated_paragraph(outcome, 600));

alter table public.team_members
  drop constraint team_members_name,
  add constraint team_members_name check (public.is_plain_line(name, 1, 100)),
  drop constraint team_members_role,
  add constraint team_members_role check (public.is_translated_line(role, 100)),
  drop constraint team_members_bio,
  add constraint team_members_bio check (public.is_translated_paragraph(bio, 600));

alter table public.testimonials
  drop constraint testimonials_name,
  add constraint testimonials_name check (public.is_plain_line(name, 1, 100)),
  drop constraint testimonials_company,
  add constraint testimonials_company check (public.is_plain_line(company, 0, 120)),
  drop constraint testimonials_quote,
  add constraint testimonials_quote check (public.is_translated_paragraph(quote, 600));

alter table public.site_figures
  drop constraint site_figures_value,
  add constraint site_figures_value check (public.is_translated_line(value, 20)),
  drop constraint site_figures_label,
  add constraint site_figures_label check (public.is_translated_line(label, 60));

alter table public.legal_documents
  drop constraint legal_documents_title,
  add constraint legal_documents_title check (public.is_translated_line(title, 120)),
  drop constraint legal_documents_body,
  add constraint legal_documents_body check (public.is_translated_paragraph(body, 100000));

alter table public.chat_options
  drop constraint chat_options_label,
  add constraint chat_options_label check (public.is_translated_line(label, 80)),
  drop constraint chat_options_message,
  add constraint chat_options_message check (public.is_translated_paragraph(message, 500));

alter table public.blog_categories
  drop constraint blog_categories_label,
  add constraint blog_categories_label check (public.is_translated_line(label, 60));

alter table public.blog_tags
  drop constraint blog_tags_label,
  add constraint blog_tags_label check (public.is_translated_line(label, 60));

alter table public.content_redirects
  add constraint content_redirects_old_slug check (public.is_slug(old_slug));

-- A name typed into a post (its categories and tags) becomes a term's English label: spaces and
-- control characters of any kind become one space, the ends are trimmed, and a name of nothing
-- else is labelled with its key — so a post's save never fails on the label rule above.
create or replace function public.blog_term_label(p_name text, p_key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(left(btrim(regexp_replace(p_name,
      '[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g')), 60)), ''),
    p_key)
$$;

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
        'insert into public.%I (slug, label) values ($1, jsonb_build_object(''en'', public.blog_term_label($2, $1)))
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

-- ---------------------------------------------------------------------------
-- Redirects: visitors read those of the items they can see
-- ---------------------------------------------------------------------------
-- A redirect shows to whoever can see its item, as the item's own table decides (RLS applies
-- inside the policy: visitors see published items, admins every one); a deleted item's slugs
-- (target_id null, answered 410 Gone) show to everyone, and only a published item leaves them.
drop policy "Everyone reads redirects" on public.content_redirects;
create policy "Visitors read the redirects of items they can see" on public.content_redirects
  for select to anon, authenticated
  using (
    target_id is null
    or case entity
         when 'services' then exists (select 1 from public.services s where s.id = target_id)
         when 'portfolio_projects' then exists (select 1 from public.portfolio_projects p where p.id = target_id)
         else false
       end
  );

-- A deleted draft never had a public URL: its slugs are forgotten, not announced as gone.
create or replace function public.content_slug_gone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not old.published then
    delete from public.content_redirects where entity = tg_table_name and target_id = old.id;
    return old;
  end if;
  insert into public.content_redirects (entity, old_slug, target_id)
  values (tg_table_name, old.slug, null)
  on conflict (entity, old_slug) do update set target_id = null, created_at = now();
  -- The slugs that led to it lead nowhere now either.
  update public.content_redirects set target_id = null where entity = tg_table_name and target_id = old.id;
  return old;
end;
$$;

-- The gone slugs drafts deleted before left behind: the item the slug belonged to was last
-- deleted unpublished (its revisions say so).
delete from public.content_redirects r
 where r.target_id is null
   and (select (d.data ->> 'published')::boolean
          from public.content_revisions d
         where d.entity = r.entity
           and d.operation = 'delete'
           and d.entity_id in (select s.entity_id from public.content_revisions s
                                where s.entity = r.entity and s.data ->> 'slug' = r.old_slug)
         order by d.id desc
         limit 1) is false;

-- The site's content in the database (issue 25): services, portfolio categories and projects,
-- team members, testimonials, figures, legal documents, chat options and the site settings.
-- Every visitor-facing text is a translated text: a jsonb object {"en": …, "sw": …, "fr": …}
-- whose English value is required and whose Kiswahili and French values are optional (a page
-- in those languages shows the English value, marked lang="en", where one is missing). Lists
-- of translated texts are jsonb arrays of such objects.
--
-- Visitors (anon and signed-in users) read published items only; admins read and write
-- everything (RLS with public.is_admin(), as for posts). Every insert, update and delete is
-- kept as a revision (content_revisions: who, when, the whole row) and written to the audit log
-- by triggers, in the same transaction as the change. A changed slug leaves a redirect behind.
-- Plain SQL for `supabase db push` and the embedded backend alike.

-- ---------------------------------------------------------------------------
-- Translated texts
-- ---------------------------------------------------------------------------
create or replace function public.is_translated_text(v jsonb, max_length integer, required boolean default true)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when v is null then not required
    when jsonb_typeof(v) <> 'object' then false
    else
      (not required or coalesce(jsonb_typeof(v -> 'en') = 'string' and char_length(v ->> 'en') between 1 and max_length, false))
      and not exists (
        select 1
          from jsonb_each(v) as e
         where e.key not in ('en', 'sw', 'fr')
            or jsonb_typeof(e.value) <> 'string'
            or char_length(e.value #>> '{}') > max_length
      )
  end
$$;

create or replace function public.is_translated_list(v jsonb, max_items integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(v) = 'array'
     and jsonb_array_length(v) <= max_items
     and not exists (
       select 1 from jsonb_array_elements(v) as item
        where not public.is_translated_text(item, max_length)
     )
$$;

create or replace function public.is_text_list(v jsonb, max_items integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(v) = 'array'
     and jsonb_array_length(v) <= max_items
     and not exists (
       select 1 from jsonb_array_elements(v) as item
        where jsonb_typeof(item) <> 'string' or char_length(item #>> '{}') not between 1 and max_length
     )
$$;

-- An image is a path of the site: a built-in file under /images/ or an upload under /media/.
create or replace function public.is_site_image(v text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select v ~ '^/(images|media)/[A-Za-z0-9._/-]{1,200}$' and v !~ '\.\.'
$$;

create or replace function public.is_slug(v text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select v ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(v) <= 80
$$;

-- [{"network": "facebook", "url": "https://…"}]: real https URLs of known networks.
create or replace function public.is_social_links(v jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(v) = 'array' and jsonb_array_length(v) <= 10
     and not exists (
       select 1 from jsonb_array_elements(v) as l
        where jsonb_typeof(l) <> 'object'
           or coalesce(l ->> 'network', '') not in ('facebook', 'x', 'linkedin', 'instagram', 'youtube', 'tiktok')
           or coalesce(l ->> 'url', '') !~ '^https://[^\s/]+\.[^\s]{2,}$'
           or char_length(l ->> 'url') > 300
           or exists (select 1 from jsonb_object_keys(l) as k where k not in ('network', 'url'))
     )
$$;

-- A service's process: [{"title": {…}, "description": {…}}].
create or replace function public.is_process_steps(v jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(v) = 'array' and jsonb_array_length(v) <= 12
     and not exists (
       select 1 from jsonb_array_elements(v) as step
        where jsonb_typeof(step) <> 'object'
           or not public.is_translated_text(step -> 'title', 80)
           or not public.is_translated_text(step -> 'description', 300)
           or exists (select 1 from jsonb_object_keys(step) as k where k not in ('title', 'description'))
     )
$$;

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------
create table public.site_settings (
  id text primary key default 'site' check (id = 'site'),
  brand_name text not null,
  phone text not null,
  whatsapp text,
  email text not null,
  support_email text not null,
  office_hours jsonb not null,
  cities jsonb not null default '[]',
  country jsonb not null,
  social_links jsonb not null default '[]',
  meta_description jsonb not null,
  author_fallback_bio jsonb not null,
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  constraint site_settings_brand check (char_length(brand_name) between 1 and 80),
  constraint site_settings_phone check (char_length(phone) between 3 and 40),
  constraint site_settings_whatsapp check (whatsapp is null or whatsapp ~ '^\d{8,15}$'),
  constraint site_settings_email check (char_length(email) between 3 and 254),
  constraint site_settings_support_email check (char_length(support_email) between 3 and 254),
  constraint site_settings_office_hours check (public.is_translated_text(office_hours, 200)),
  constraint site_settings_cities check (public.is_text_list(cities, 20, 80)),
  constraint site_settings_country check (public.is_translated_text(country, 80)),
  constraint site_settings_meta check (public.is_translated_text(meta_description, 300)),
  constraint site_settings_fallback_bio check (public.is_translated_text(author_fallback_bio, 600)),
  constraint site_settings_social check (public.is_social_links(social_links))
);

create table public.services (
  id bigint generated always as identity primary key,
  slug text not null unique,
  position integer not null default 0,
  published boolean not null default false,
  icon text not null default 'globe',
  image text,
  price_min numeric(12, 2) not null,
  price_max numeric(12, 2),
  price_unit text not null default 'project',
  title jsonb not null,
  description jsonb not null,
  long_description jsonb not null,
  cta jsonb not null,
  features jsonb not null default '[]',
  process jsonb not null default '[]',
  technologies jsonb not null default '[]',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint services_slug check (public.is_slug(slug)),
  constraint services_icon check (icon ~ '^[a-z][A-Za-z0-9-]{0,39}$'),
  constraint services_image check (image is null or public.is_site_image(image)),
  constraint services_price check (price_min >= 0 and (price_max is null or price_max >= price_min) and price_min <= 1000000000 and coalesce(price_max, 0) <= 1000000000),
  constraint services_price_unit check (price_unit in ('project', 'year', 'month', 'sms')),
  constraint services_title check (public.is_translated_text(title, 80)),
  constraint services_description check (public.is_translated_text(description, 300)),
  constraint services_long_description check (public.is_translated_text(long_description, 2000)),
  constraint services_cta check (public.is_translated_text(cta, 60)),
  constraint services_features check (public.is_translated_list(features, 20, 200)),
  constraint services_technologies check (public.is_translated_list(technologies, 30, 60)),
  constraint services_process check (public.is_process_steps(process))
);

create table public.portfolio_categories (
  id bigint generated always as identity primary key,
  slug text not null unique,
  position integer not null default 0,
  published boolean not null default true,
  label jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint portfolio_categories_slug check (public.is_slug(slug)),
  constraint portfolio_categories_label check (public.is_translated_text(label, 60))
);

create table public.portfolio_projects (
  id bigint generated always as identity primary key,
  slug text not null unique,
  position integer not null default 0,
  published boolean not null default false,
  category_id bigint not null references public.portfolio_categories (id) on delete restrict,
  client text not null,
  image text,
  tags jsonb not null default '[]',
  title jsonb not null,
  description jsonb not null,
  challenge jsonb not null,
  outcome jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint portfolio_projects_slug check (public.is_slug(slug)),
  constraint portfolio_projects_client check (char_length(client) between 1 and 120),
  constraint portfolio_projects_image check (image is null or public.is_site_image(image)),
  constraint portfolio_projects_tags check (public.is_text_list(tags, 12, 40)),
  constraint portfolio_projects_title check (public.is_translated_text(title, 100)),
  constraint portfolio_projects_description check (public.is_translated_text(description, 300)),
  constraint portfolio_projects_challenge check (public.is_translated_text(challenge, 600)),
  constraint portfolio_projects_outcome check (public.is_translated_text(outcome, 600))
);

create table public.team_members (
  id bigint generated always as identity primary key,
  position integer not null default 0,
  published boolean not null default false,
  name text not null,
  photo text,
  role jsonb not null,
  bio jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint team_members_name check (char_length(name) between 1 and 100),
  constraint team_members_photo check (photo is null or public.is_site_image(photo)),
  constraint team_members_role check (public.is_translated_text(role, 100)),
  constraint team_members_bio check (public.is_translated_text(bio, 600))
);

create table public.testimonials (
  id bigint generated always as identity primary key,
  position integer not null default 0,
  published boolean not null default false,
  name text not null,
  company text not null default '',
  quote jsonb not null,
  rating integer not null default 5,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint testimonials_name check (char_length(name) between 1 and 100),
  constraint testimonials_company check (char_length(company) <= 120),
  constraint testimonials_quote check (public.is_translated_text(quote, 600)),
  constraint testimonials_rating check (rating between 1 and 5)
);

-- The figures of the home page: under the hero and in the about section.
create table public.site_figures (
  id bigint generated always as identity primary key,
  placement text not null,
  position integer not null default 0,
  published boolean not null default false,
  value jsonb not null,
  label jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint site_figures_placement check (placement in ('hero', 'about')),
  constraint site_figures_value check (public.is_translated_text(value, 20)),
  constraint site_figures_label check (public.is_translated_text(label, 60))
);

-- /terms and /privacy: sanitized HTML per language ({brand} and {email} are filled in).
create table public.legal_documents (
  id text primary key,
  position integer not null default 0,
  published boolean not null default true,
  title jsonb not null,
  body jsonb not null,
  effective_at timestamptz not null default now(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint legal_documents_id check (id in ('terms', 'privacy')),
  constraint legal_documents_title check (public.is_translated_text(title, 120)),
  constraint legal_documents_body check (public.is_translated_text(body, 100000))
);

-- The live-chat widget's options: each opens the contact form with its message (?topic=slug).
create table public.chat_options (
  id bigint generated always as identity primary key,
  slug text not null unique,
  position integer not null default 0,
  published boolean not null default false,
  label jsonb not null,
  message jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint chat_options_slug check (public.is_slug(slug)),
  constraint chat_options_label check (public.is_translated_text(label, 80)),
  constraint chat_options_message check (public.is_translated_text(message, 500))
);

-- Every saved version of every content item (posts included): who, when, the whole row.
create table public.content_revisions (
  id bigint generated always as identity primary key,
  entity text not null,
  entity_id text not null,
  version integer not null,
  operation text not null,
  data jsonb not null,
  actor_id uuid,
  actor_email text,
  created_at timestamptz not null default now(),
  constraint content_revisions_operation check (operation in ('create', 'update', 'delete', 'restore'))
);

create index content_revisions_entity_idx on public.content_revisions (entity, entity_id, id desc);

-- Slugs a service or project had before: their old URLs answer 301 to the current one, or
-- 410 Gone when the item was deleted (target_id null).
create table public.content_redirects (
  entity text not null,
  old_slug text not null,
  target_id bigint,
  created_at timestamptz not null default now(),
  primary key (entity, old_slug),
  constraint content_redirects_entity check (entity in ('services', 'portfolio_projects'))
);

-- ---------------------------------------------------------------------------
-- Triggers: version and timestamp, revisions, audit, slug redirects
-- ---------------------------------------------------------------------------
-- A change of order alone (the list's reorder) is not a new version of the item.
create or replace function public.content_is_reorder(old_row jsonb, new_row jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select (old_row - array['position', 'version', 'updated_at']) = (new_row - array['position', 'version', 'updated_at'])
$$;

-- Every saved change makes a new version (the editors save "where version = the one I read",
-- so two admins editing one item cannot overwrite each other unknowingly).
create or replace function public.content_bump_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.content_is_reorder(to_jsonb(old), to_jsonb(new)) then
    new.version := old.version;
    return new;
  end if;
  new.version := old.version + 1;
  new.updated_at := now();
  return new;
end;
$$;

create or replace function public.content_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row jsonb := to_jsonb(coalesce(new, old));
  v_operation text;
  v_label text;
begin
  if tg_op = 'UPDATE' and public.content_is_reorder(to_jsonb(old), to_jsonb(new)) then
    return null;
  end if;
  v_operation := case
    when tg_op = 'DELETE' then 'delete'
    when current_setting('app.content_operation', true) = 'restore' then 'restore'
    when tg_op = 'INSERT' then 'create'
    else 'update'
  end;
  insert into public.content_revisions (entity, entity_id, version, operation, data, actor_id, actor_email)
  values (tg_table_name, v_row ->> 'id', coalesce((v_row ->> 'version')::integer, 1), v_operation,
          v_row, auth.uid(), (select auth.jwt()) ->> 'email');
  -- The audit log records admins' changes (the service role's own bookkeeping has no user).
  if auth.uid() is not null and tg_table_name <> 'posts' then
    v_label := coalesce(
      v_row -> 'title' ->> 'en', v_row -> 'label' ->> 'en', v_row ->> 'name',
      v_row -> 'quote' ->> 'en', v_row ->> 'brand_name', v_row ->> 'id');
    perform public.append_audit(
      tg_table_name || '.' || case v_operation when 'create' then 'created' when 'delete' then 'deleted'
        when 'restore' then 'restored' else 'updated' end,
      tg_table_name, v_row ->> 'id', left(v_label, 200));
  end if;
  return null;
end;
$$;

create or replace function public.content_keep_old_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.slug is distinct from old.slug then
    -- The new slug is this item's again (a rename undone): it no longer redirects.
    delete from public.content_redirects where entity = tg_table_name and old_slug = new.slug;
    insert into public.content_redirects (entity, old_slug, target_id)
    values (tg_table_name, old.slug, old.id)
    on conflict (entity, old_slug) do update set target_id = excluded.target_id, created_at = now();
  end if;
  return new;
end;
$$;

create or replace function public.content_slug_gone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.content_redirects (entity, old_slug, target_id)
  values (tg_table_name, old.slug, null)
  on conflict (entity, old_slug) do update set target_id = null, created_at = now();
  -- The slugs that led to it lead nowhere now either.
  update public.content_redirects set target_id = null where entity = tg_table_name and target_id = old.id;
  return old;
end;
$$;

-- An item's slug may not be another item's old slug (its URL would be two things at once):
-- taking it drops the redirect.
create or replace function public.content_claim_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.content_redirects where entity = tg_table_name and old_slug = new.slug;
  return new;
end;
$$;

do $$
declare
  t text;
begin
  foreach t in array array['site_settings', 'services', 'portfolio_categories', 'portfolio_projects',
    'team_members', 'testimonials', 'site_figures', 'legal_documents', 'chat_options']
  loop
    execute format('create trigger %I before update on public.%I for each row execute function public.content_bump_version()', t || '_version', t);
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function public.content_keep_revision()', t || '_revision', t);
  end loop;
  foreach t in array array['services', 'portfolio_projects']
  loop
    execute format('create trigger %I before update of slug on public.%I for each row execute function public.content_keep_old_slug()', t || '_old_slug', t);
    execute format('create trigger %I before insert on public.%I for each row execute function public.content_claim_slug()', t || '_claim_slug', t);
    execute format('create trigger %I after delete on public.%I for each row execute function public.content_slug_gone()', t || '_slug_gone', t);
  end loop;
end;
$$;

-- Posts get the same history (their audit entries come from audit_admin_write()).
alter table public.posts add column version integer not null default 1;
create trigger posts_version
  before update on public.posts
  for each row execute function public.content_bump_version();
create trigger posts_revision
  after insert or update or delete on public.posts
  for each row execute function public.content_keep_revision();

-- ---------------------------------------------------------------------------
-- Admin actions that are more than one row: reorder, restore
-- ---------------------------------------------------------------------------
create or replace function public.content_table_known(p_entity text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_entity in ('services', 'portfolio_categories', 'portfolio_projects', 'team_members',
    'testimonials', 'site_figures', 'legal_documents', 'chat_options')
$$;

-- Puts the items of a list in the order of p_ids (ids of that list only; the others keep
-- their places after them). One audit entry for the whole move.
create or replace function public.admin_reorder_content(p_entity text, p_ids bigint[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'only administrators can reorder content' using errcode = '42501';
  end if;
  if not public.content_table_known(p_entity) or p_entity = 'legal_documents' then
    raise exception 'unknown content list %', p_entity using errcode = '22023';
  end if;
  if coalesce(array_length(p_ids, 1), 0) > 500 then
    raise exception 'too many items' using errcode = '22023';
  end if;
  execute format(
    'update public.%I as t set position = o.n from unnest($1) with ordinality as o(id, n) where t.id = o.id and t.position is distinct from o.n',
    p_entity) using p_ids;
  perform public.append_audit(p_entity || '.reordered', p_entity, null, cardinality(p_ids) || ' items');
end;
$$;

-- Makes an item what one of its revisions was (the item itself keeps its id; a deleted item
-- comes back). The restore is a new revision of its own, marked 'restore'.
create or replace function public.admin_restore_revision(p_revision bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rev public.content_revisions;
  v_columns text;
  v_result jsonb;
begin
  if not public.is_admin() then
    raise exception 'only administrators can restore content' using errcode = '42501';
  end if;
  select * into v_rev from public.content_revisions where id = p_revision;
  if not found then
    raise exception 'no such revision' using errcode = 'P0002';
  end if;
  if not (public.content_table_known(v_rev.entity) or v_rev.entity in ('site_settings', 'posts')) then
    raise exception 'unknown content %', v_rev.entity using errcode = '22023';
  end if;
  -- The columns the item has now (a revision from before a new column keeps that column's value).
  select string_agg(format('%I', a.attname), ', ')
    into v_columns
    from pg_catalog.pg_attribute a
   where a.attrelid = format('public.%I', v_rev.entity)::regclass
     and a.attnum > 0 and not a.attisdropped
     and a.attname not in ('id', 'version', 'created_at', 'updated_at')
     and v_rev.data ? a.attname;
  perform set_config('app.content_operation', 'restore', true);
  execute format(
    'update public.%I as t set (%s) = (select %s from jsonb_populate_record(t, $1)) where t.id::text = $2 returning to_jsonb(t)',
    v_rev.entity, v_columns, v_columns) using v_rev.data, v_rev.entity_id into v_result;
  if v_result is null and v_rev.entity <> 'site_settings' then
    execute format(
      'insert into public.%I overriding system value select * from jsonb_populate_record(null::public.%I, $1) returning to_jsonb(%I)',
      v_rev.entity, v_rev.entity, v_rev.entity) using v_rev.data into v_result;
  end if;
  perform set_config('app.content_operation', '', true);
  return v_result;
end;
$$;

-- ---------------------------------------------------------------------------
-- Everything a visitor's pages show, in one call (the site's per-language snapshot is built
-- from it). Security invoker: RLS decides, so anon gets published items only.
-- ---------------------------------------------------------------------------
create or replace function public.site_content()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'settings', (select to_jsonb(s) from public.site_settings s where s.id = 'site'),
    'services', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.services x), '[]'),
    'categories', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.portfolio_categories x), '[]'),
    'projects', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.portfolio_projects x), '[]'),
    'team', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.team_members x), '[]'),
    'testimonials', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.testimonials x), '[]'),
    'figures', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.site_figures x), '[]'),
    'legal', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.legal_documents x), '[]'),
    'chat', coalesce((select jsonb_agg(to_jsonb(x) order by x.position, x.id) from public.chat_options x), '[]'),
    'redirects', coalesce((select jsonb_agg(to_jsonb(x)) from public.content_redirects x), '[]')
  )
$$;

-- ---------------------------------------------------------------------------
-- Privileges and row level security
-- ---------------------------------------------------------------------------
do $$
declare
  t text;
begin
  foreach t in array array['site_settings', 'services', 'portfolio_categories', 'portfolio_projects',
    'team_members', 'testimonials', 'site_figures', 'legal_documents', 'chat_options']
  loop
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select on table public.%I to anon, authenticated', t);
    execute format('grant insert, update, delete on table public.%I to authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
    execute format('alter table public.%I enable row level security', t);
    if t = 'site_settings' then
      execute format('create policy "Everyone reads the settings" on public.%I for select to anon, authenticated using (true)', t);
    else
      execute format('create policy "Everyone reads published items" on public.%I for select to anon, authenticated using (published)', t);
      execute format('create policy "Admins read every item" on public.%I for select to authenticated using ((select public.is_admin()))', t);
      execute format('create policy "Admins delete items" on public.%I for delete to authenticated using ((select public.is_admin()))', t);
    end if;
    execute format('create policy "Admins create items" on public.%I for insert to authenticated with check ((select public.is_admin()))', t);
    execute format('create policy "Admins change items" on public.%I for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))', t);
  end loop;
end;
$$;

-- Settings are one row: never deleted, never a second one (the check on id), created here.
revoke delete on table public.site_settings from authenticated;

grant usage on sequence public.services_id_seq, public.portfolio_categories_id_seq,
  public.portfolio_projects_id_seq, public.team_members_id_seq, public.testimonials_id_seq,
  public.site_figures_id_seq, public.chat_options_id_seq
  to authenticated, service_role;

revoke all on table public.content_revisions, public.content_redirects from anon, authenticated;
grant select on table public.content_revisions to authenticated;
grant select on table public.content_redirects to anon, authenticated;
grant all on table public.content_revisions, public.content_redirects to service_role;
alter table public.content_revisions enable row level security;
alter table public.content_redirects enable row level security;
create policy "Admins read revisions" on public.content_revisions
  for select to authenticated using ((select public.is_admin()));
create policy "Everyone reads redirects" on public.content_redirects
  for select to anon, authenticated using (true);

revoke all on function public.admin_reorder_content(text, bigint[]) from public, anon;
grant execute on function public.admin_reorder_content(text, bigint[]) to authenticated;
revoke all on function public.admin_restore_revision(bigint) from public, anon;
grant execute on function public.admin_restore_revision(bigint) to authenticated;
revoke all on function public.site_content() from public;
grant execute on function public.site_content() to anon, authenticated, service_role;
revoke all on function public.content_keep_revision() from public, anon, authenticated;
revoke all on function public.content_keep_old_slug() from public, anon, authenticated;
revoke all on function public.content_claim_slug() from public, anon, authenticated;
revoke all on function public.content_slug_gone() from public, anon, authenticated;

-- `npm run content:import` (scripts/site-content.ts) in one transaction (issue 40, item 6): a
-- file either arrives whole or changes nothing. The script used to write table after table with
-- one REST call per row, each its own transaction, so a refused row left the tables before it
-- changed. Now it sends the file (in parts of under 1 MB, the embedded backend's largest
-- request: content_import_part) and one call, content_import, writes every table in order and,
-- at the first refused row, undoes everything and answers which table, row and field the
-- database refused and why. Items are matched as before, by natural key (slug; name; placement
-- and position; id for the settings and legal pages), so importing twice changes nothing, and
-- the existing triggers record revisions (and announce the change) as for any write.
-- Only the service role may call either function (the script holds its key); the parts wait in
-- a schema the Data API does not serve. Plain SQL for `supabase db push` and the embedded
-- backend alike.

create schema if not exists content_transfer;
revoke all on schema content_transfer from public;
grant usage on schema content_transfer to service_role;

-- The file as it arrives, part by part (each an ordinary request), until content_import reads
-- and deletes them. Parts an interrupted import left behind are deleted a day later.
create table content_transfer.parts (
  upload uuid not null,
  part integer not null,
  body text not null,
  created_at timestamptz not null default now(),
  primary key (upload, part),
  constraint parts_part check (part between 0 and 9999),
  constraint parts_body check (char_length(body) <= 1000000)
);
alter table content_transfer.parts enable row level security;
revoke all on table content_transfer.parts from public;
grant select, insert, delete on table content_transfer.parts to service_role;

create or replace function public.content_import_part(p_upload uuid, p_part integer, p_body text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if p_upload is null or p_part is null or p_body is null then
    raise exception 'content_import_part needs an upload id, a part number and a body'
      using errcode = '22023';
  end if;
  delete from content_transfer.parts where created_at < now() - interval '1 day';
  insert into content_transfer.parts (upload, part, body) values (p_upload, p_part, p_body);
end;
$$;

-- ---------------------------------------------------------------------------
-- One row of the file into its table
-- ---------------------------------------------------------------------------
-- The columns an item is matched by.
create or replace function content_transfer.natural_key(p_table text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_table
    when 'site_settings' then array['id']
    when 'legal_documents' then array['id']
    when 'team_members' then array['name']
    when 'testimonials' then array['name']
    when 'site_figures' then array['placement', 'position']
    else array['slug']
  end
$$;

-- Writes `p_row` into `p_table`: the item with the same natural key (not one `p_taken` already
-- matched) is updated when the row differs from it, else a new item is added. Answers the
-- item's id and what happened (created, updated, unchanged).
create or replace function content_transfer.write_row(
  p_table text, p_row jsonb, p_taken text[], out item_id text, out outcome text)
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb := p_row;
  v_key text[] := content_transfer.natural_key(p_table);
  v_identity boolean := p_table not in ('site_settings', 'legal_documents');
  v_unknown text;
  v_columns text;
  v_category bigint;
  v_before jsonb;
  v_after jsonb;
begin
  if jsonb_typeof(v_row) is distinct from 'object' then
    raise exception 'the row is not an object of fields' using errcode = '22023';
  end if;
  -- Each backend keeps its own ids, versions and times.
  v_row := v_row - array['version', 'created_at', 'updated_at'];
  if v_identity then
    v_row := v_row - 'id';
  end if;
  -- A project names its category by slug (ids differ from one backend to the next).
  if p_table = 'portfolio_projects' then
    if v_row ? 'category_id' then
      raise exception 'a project names its category with category_slug, not category_id'
        using errcode = '22023', column = 'category_id';
    end if;
    select c.id into v_category from public.portfolio_categories c where c.slug = v_row ->> 'category_slug';
    if v_category is null then
      raise exception 'its category "%" is neither in the file nor on this site', v_row ->> 'category_slug'
        using errcode = '23503', column = 'category_slug';
    end if;
    v_row := (v_row - 'category_slug') || jsonb_build_object('category_id', v_category);
  end if;
  select string_agg(k, ', ' order by k) into v_unknown
    from jsonb_object_keys(v_row) as k
   where not exists (
     select 1 from pg_catalog.pg_attribute a
      where a.attrelid = format('public.%I', p_table)::regclass
        and a.attname = k and a.attnum > 0 and not a.attisdropped);
  if v_unknown is not null then
    raise exception 'unknown field(s): %', v_unknown using errcode = '22023';
  end if;
  select string_agg(format('%I', k), ', ' order by k) into v_columns from jsonb_object_keys(v_row) as k;
  if v_columns is null then
    raise exception 'the row has no fields' using errcode = '22023';
  end if;

  execute format(
    'select t.id::text, to_jsonb(t) from public.%1$I as t
      where (%2$s) = (select %3$s from jsonb_populate_record(null::public.%1$I, $1) as r)
        and not (t.id::text = any ($2))
      order by t.id limit 1',
    p_table,
    (select string_agg(format('t.%I', k), ', ') from unnest(v_key) as k),
    (select string_agg(format('r.%I', k), ', ') from unnest(v_key) as k))
    into item_id, v_before using v_row, p_taken;

  if item_id is null then
    execute format(
      'insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1) returning id::text',
      p_table, v_columns) into item_id using v_row;
    outcome := 'created';
    return;
  end if;
  -- The item as the row would make it, compared after each value took its column's type.
  execute format(
    'select to_jsonb(r) from public.%1$I as t, jsonb_populate_record(t, $1) as r where t.id::text = $2',
    p_table) into v_after using v_row, item_id;
  if v_after = v_before then
    outcome := 'unchanged';
    return;
  end if;
  execute format(
    'update public.%1$I as t set (%2$s) = (select %2$s from jsonb_populate_record(t, $1)) where t.id::text = $2',
    p_table, v_columns) using v_row, item_id;
  outcome := 'updated';
end;
$$;

-- An old slug of the file: it leads to the item with `target_slug` (or nowhere: the item was
-- deleted). A slug an item of the target has now stays that item's.
create or replace function content_transfer.write_redirect(p_row jsonb, out outcome text)
language plpgsql
set search_path = ''
as $$
declare
  v_entity text := p_row ->> 'entity';
  v_taken boolean;
  v_target bigint;
  v_current public.content_redirects;
  v_existed boolean;
begin
  if jsonb_typeof(p_row) is distinct from 'object'
     or exists (select 1 from jsonb_object_keys(p_row) as k where k not in ('entity', 'old_slug', 'target_slug')) then
    raise exception 'a redirect has the fields entity, old_slug and target_slug only' using errcode = '22023';
  end if;
  if v_entity is null or v_entity not in ('services', 'portfolio_projects') then
    raise exception 'entity is "services" or "portfolio_projects", not "%"', v_entity
      using errcode = '22023', column = 'entity';
  end if;
  execute format('select exists (select 1 from public.%I where slug = $1)', v_entity)
    into v_taken using p_row ->> 'old_slug';
  if v_taken then
    outcome := 'unchanged';
    return;
  end if;
  if p_row ->> 'target_slug' is not null then
    execute format('select id from public.%I where slug = $1', v_entity)
      into v_target using p_row ->> 'target_slug';
    if v_target is null then
      raise exception 'it leads to "%", which is neither in the file nor on this site', p_row ->> 'target_slug'
        using errcode = '23503', column = 'target_slug';
    end if;
  end if;
  select * into v_current from public.content_redirects r
   where r.entity = v_entity and r.old_slug = p_row ->> 'old_slug';
  v_existed := found;
  if v_existed and v_current.target_id is not distinct from v_target then
    outcome := 'unchanged';
    return;
  end if;
  insert into public.content_redirects (entity, old_slug, target_id)
  values (v_entity, p_row ->> 'old_slug', v_target)
  on conflict (entity, old_slug) do update set target_id = excluded.target_id, created_at = now();
  outcome := case when v_existed then 'updated' else 'created' end;
end;
$$;

-- ---------------------------------------------------------------------------
-- The whole file, in one transaction
-- ---------------------------------------------------------------------------
-- Reads the upload's `p_parts` parts (and deletes them), then writes every table the file has,
-- in order; with `p_prune`, deletes the items of those tables the file does not have (dependents
-- first; the settings and legal pages are never deleted, nor a blog category or tag a post of
-- this site still carries). Answers {"created", "updated", "unchanged", "deleted", "kept"}, or
-- {"refused": {"at": {"table", "row", "key"}, "code", "message", "detail", "constraint", "rule",
-- "fields"}} with nothing written.
create or replace function public.content_import(p_upload uuid, p_parts integer, p_prune boolean)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  c_tables constant text[] := array['site_settings', 'legal_documents', 'services',
    'portfolio_categories', 'portfolio_projects', 'team_members', 'testimonials', 'site_figures',
    'chat_options', 'blog_categories', 'blog_tags'];
  v_count integer;
  v_text text;
  v_file jsonb;
  v_table text;
  v_rows jsonb;
  v_row jsonb;
  v_n bigint;
  v_ids text[];
  v_matched jsonb := '{}';
  v_write record;
  v_deleted integer;
  v_report jsonb := '{"created": 0, "updated": 0, "unchanged": 0, "deleted": 0, "kept": 0}';
  v_at jsonb;
  v_code text;
  v_message text;
  v_detail text;
  v_constraint text;
  v_column text;
  v_error_table text;
  v_fields jsonb;
  v_rule text;
begin
  if p_upload is null or p_parts is null then
    raise exception 'content_import needs the upload id and its number of parts' using errcode = '22023';
  end if;
  select count(*), string_agg(body, '' order by part) into v_count, v_text
    from content_transfer.parts where upload = p_upload;
  delete from content_transfer.parts where upload = p_upload;
  if v_count = 0 or v_count <> p_parts then
    return jsonb_build_object('refused', jsonb_build_object('code', '22023',
      'message', format('%s of the file''s %s parts arrived', v_count, p_parts)));
  end if;

  begin
    v_at := null; -- the file as a whole
    v_file := v_text::jsonb;
    if v_file ->> 'format' is distinct from 'agency-site-content'
       or jsonb_typeof(v_file -> 'tables') is distinct from 'object' then
      raise exception 'this is not a site content file' using errcode = '22023';
    end if;
    foreach v_table in array c_tables loop
      continue when not (v_file -> 'tables' ? v_table);
      v_rows := v_file -> 'tables' -> v_table;
      v_at := jsonb_build_object('table', v_table);
      if jsonb_typeof(v_rows) is distinct from 'array' then
        raise exception 'the table is not a list of rows' using errcode = '22023';
      end if;
      v_ids := '{}';
      for v_row, v_n in select e.value, e.ordinality from jsonb_array_elements(v_rows) with ordinality as e loop
        v_at := jsonb_build_object('table', v_table, 'row', v_n, 'key',
          (select jsonb_object_agg(k, v_row -> k) from unnest(content_transfer.natural_key(v_table)) as k
            where jsonb_typeof(v_row) = 'object'));
        select * into v_write from content_transfer.write_row(v_table, v_row, v_ids);
        v_ids := v_ids || v_write.item_id;
        v_report := jsonb_set(v_report, array[v_write.outcome], to_jsonb((v_report ->> v_write.outcome)::integer + 1));
      end loop;
      v_matched := v_matched || jsonb_build_object(v_table, to_jsonb(v_ids));
    end loop;

    if coalesce(p_prune, false) then
      foreach v_table in array c_tables[3:] loop
        continue when not (v_matched ? v_table);
        v_at := jsonb_build_object('table', v_table, 'prune', true);
        v_ids := array(select jsonb_array_elements_text(v_matched -> v_table));
        if v_table in ('blog_categories', 'blog_tags') then
          execute format(
            'select count(*) from public.%I as t where not (t.id::text = any ($1))
                and exists (select 1 from public.posts as p where t.slug = any (p.%I))',
            v_table, case v_table when 'blog_categories' then 'categories' else 'tags' end)
            into v_deleted using v_ids;
          v_report := jsonb_set(v_report, '{kept}', to_jsonb((v_report ->> 'kept')::integer + v_deleted));
          execute format(
            'delete from public.%I as t where not (t.id::text = any ($1))
                and not exists (select 1 from public.posts as p where t.slug = any (p.%I))',
            v_table, case v_table when 'blog_categories' then 'categories' else 'tags' end)
            using v_ids;
        else
          execute format('delete from public.%I as t where not (t.id::text = any ($1))', v_table)
            using v_ids;
        end if;
        get diagnostics v_deleted = row_count;
        v_report := jsonb_set(v_report, '{deleted}', to_jsonb((v_report ->> 'deleted')::integer + v_deleted));
      end loop;
    end if;

    if v_file -> 'tables' ? 'content_redirects' then
      v_rows := v_file -> 'tables' -> 'content_redirects';
      v_at := jsonb_build_object('table', 'content_redirects');
      if jsonb_typeof(v_rows) is distinct from 'array' then
        raise exception 'the table is not a list of rows' using errcode = '22023';
      end if;
      for v_row, v_n in select e.value, e.ordinality from jsonb_array_elements(v_rows) with ordinality as e loop
        v_at := jsonb_build_object('table', 'content_redirects', 'row', v_n, 'key',
          case when jsonb_typeof(v_row) = 'object'
            then jsonb_build_object('entity', v_row -> 'entity', 'old_slug', v_row -> 'old_slug') end);
        select * into v_write from content_transfer.write_redirect(v_row);
        v_report := jsonb_set(v_report, array[v_write.outcome], to_jsonb((v_report ->> v_write.outcome)::integer + 1));
      end loop;
    end if;
  exception when others then
    -- Everything the block wrote is undone; say what was refused, where and why.
    get stacked diagnostics v_code = returned_sqlstate, v_message = message_text,
      v_detail = pg_exception_detail, v_constraint = constraint_name, v_column = column_name,
      v_error_table = table_name;
    select jsonb_agg(a.attname::text order by a.attnum), min(pg_catalog.pg_get_constraintdef(c.oid))
      into v_fields, v_rule
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
     where c.conname = nullif(v_constraint, '')
       and c.conrelid = to_regclass('public.' || quote_ident(nullif(v_error_table, '')));
    return jsonb_build_object('refused', jsonb_build_object(
      'at', v_at,
      'code', v_code,
      'message', v_message,
      'detail', nullif(v_detail, ''),
      'constraint', nullif(v_constraint, ''),
      'rule', v_rule,
      'fields', coalesce(case when nullif(v_column, '') is not null then jsonb_build_array(v_column) end, v_fields)));
  end;
  return v_report;
end;
$$;

revoke all on function public.content_import_part(uuid, integer, text) from public, anon, authenticated;
revoke all on function public.content_import(uuid, integer, boolean) from public, anon, authenticated;
grant execute on function public.content_import_part(uuid, integer, text) to service_role;
grant execute on function public.content_import(uuid, integer, boolean) to service_role;
revoke all on function content_transfer.natural_key(text) from public;
revoke all on function content_transfer.write_row(text, jsonb, text[]) from public;
revoke all on function content_transfer.write_redirect(jsonb) from public;
grant execute on function content_transfer.natural_key(text) to service_role;
grant execute on function content_transfer.write_row(text, jsonb, text[]) to service_role;
grant execute on function content_transfer.write_redirect(jsonb) to service_role;

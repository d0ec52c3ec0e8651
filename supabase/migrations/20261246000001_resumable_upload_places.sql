-- A person keeps at most 5 unfinished resumable uploads at a time, wherever Storage runs (issue
-- 42, item 4; docs/decisions/020-resumable-uploads-through-the-site.md).
--
-- Each open tus upload may reserve 50 MB of Storage's disk for the hour before it expires. The
-- embedded backend's tus store bounds each person's (supabase/local/storage/tus-store.ts), but
-- hosted Storage has no such bound, and the site may run as several workers on several
-- machines: so the site's tus proxy (app/web/resumable-files.server.ts) takes a place here
-- before it passes a creation on to Storage, and gives it back when it sees the upload finish
-- (its last part stored), when the person drops it (tus DELETE), when its first bytes are
-- refused, or when Storage refuses the creation. A place not given back (the browser closed)
-- is free again once it expires, an hour after it was taken, as Storage expires the upload.
--
-- Nobody reads or writes the table directly: only through the two functions below, as
-- themselves (the service role keeps its access, for the tests and for repairs).

create table public.resumable_uploads (
  id bigint generated always as identity primary key,
  owner_id uuid not null references auth.users (id) on delete cascade,
  project_id bigint not null,
  organisation_id uuid not null,
  -- The object the upload is stored as (`<organisation>/projects/<project>/<random>/<name>`).
  object_name text not null,
  -- Its length in bytes: the place is given back when a part's answer reaches it.
  upload_length bigint not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 hour',
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete cascade,
  constraint resumable_uploads_object_name check (char_length(object_name) between 1 and 1024),
  constraint resumable_uploads_upload_length check (upload_length > 0)
);
create index resumable_uploads_owner_idx on public.resumable_uploads (owner_id, expires_at);
create index resumable_uploads_object_idx on public.resumable_uploads (object_name);
create index resumable_uploads_project_idx on public.resumable_uploads (project_id, organisation_id);

alter table public.resumable_uploads enable row level security;
revoke all on table public.resumable_uploads from public, anon, authenticated;
grant all on table public.resumable_uploads to service_role;

-- Takes one of the caller's places for an upload of p_length bytes into p_object_name (in
-- p_project's folder of the client's files, which the caller may write to). Answers 0 when the place is taken, or,
-- when the caller already keeps 5 unexpired unfinished uploads, the seconds until the first of
-- them expires (nothing is recorded). Two calls at once for the last place are taken one after
-- the other (a per-person lock held to the end of the transaction): only one gets it.
create or replace function public.take_resumable_upload_place(
  p_project bigint, p_object_name text, p_length bigint)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_limit constant integer := 5;
  v_organisation uuid;
  v_open integer;
  v_first timestamptz;
begin
  if auth.uid() is null then
    raise exception 'Sign in to send a file' using errcode = '42501';
  end if;
  select p.organisation_id into v_organisation from public.projects p where p.id = p_project;
  if v_organisation is null
     or p_object_name is null
     or left(p_object_name, length(v_organisation::text || '/projects/' || p_project || '/'))
        <> v_organisation::text || '/projects/' || p_project || '/'
     or not public.can('create', 'organisation_file', v_organisation) then
    raise exception 'No such project' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtext('resumable_uploads|' || auth.uid()::text));
  -- Expired places are free: the person's own are removed as they go.
  delete from public.resumable_uploads u
   where u.owner_id = auth.uid() and u.expires_at <= now();
  select count(*), min(u.expires_at) into v_open, v_first
    from public.resumable_uploads u
   where u.owner_id = auth.uid();
  if v_open >= v_limit then
    return greatest(1, ceil(extract(epoch from v_first - now())))::integer;
  end if;
  insert into public.resumable_uploads
    (owner_id, project_id, organisation_id, object_name, upload_length)
  values (auth.uid(), p_project, v_organisation, p_object_name, p_length);
  return 0;
end;
$$;

revoke execute on function public.take_resumable_upload_place(bigint, text, bigint) from public, anon;
grant execute on function public.take_resumable_upload_place(bigint, text, bigint) to authenticated;

-- Gives back the caller's place for the upload into p_object_name: with p_offset (the offset a
-- part's answer reached) only when that is the upload's length, the upload finished; without
-- one (dropped, refused) in any case. Answers whether a place was given back.
create or replace function public.free_resumable_upload_place(
  p_object_name text, p_offset bigint default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_freed integer;
begin
  delete from public.resumable_uploads u
   where u.owner_id = auth.uid() and u.object_name = p_object_name
     and (p_offset is null or u.upload_length <= p_offset);
  get diagnostics v_freed = row_count;
  return v_freed > 0;
end;
$$;

revoke execute on function public.free_resumable_upload_place(text, bigint) from public, anon;
grant execute on function public.free_resumable_upload_place(text, bigint) to authenticated;

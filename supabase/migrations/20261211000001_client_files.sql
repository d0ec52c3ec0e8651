-- Private files of client organisations (issue 41, item 6; docs/decisions/013-permission-model.md).
--
-- The `client-files` bucket is private: nothing in it has a public URL. An object's key starts
-- with the organisation it belongs to — `<organisation id>/<anything>` — and row-level security
-- on storage.objects, as hosted Supabase applies it, asks the permission table about that
-- organisation for every read and write (entity `organisation_file`). A key whose first folder
-- is not an organisation's id belongs to none: only `any` rules (admins) reach it. The site
-- streams a file to exactly the people allowed, with the caller's own token, so the database
-- decides (app/routes/files.ts). 50 MB per object, hosted Storage's own limit.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('client-files', 'client-files', false, 52428800, null)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'organisation_file', 'any'),
  ('admin', 'create', 'organisation_file', 'any'),
  ('admin', 'update', 'organisation_file', 'any'),
  ('admin', 'delete', 'organisation_file', 'any'),
  ('staff', 'read', 'organisation_file', 'own'),
  ('staff', 'create', 'organisation_file', 'own'),
  ('staff', 'delete', 'organisation_file', 'own'),
  ('owner', 'read', 'organisation_file', 'own'),
  ('owner', 'create', 'organisation_file', 'own'),
  ('owner', 'delete', 'organisation_file', 'own'),
  ('member', 'read', 'organisation_file', 'own'),
  ('member', 'create', 'organisation_file', 'own');

-- The organisation a key belongs to: its first folder when that is a uuid, else null (never a
-- cast error: a policy must answer "no", not fail, for a key someone made up).
create or replace function public.file_organisation(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when split_part(p_name, '/', 1) ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
      and position('/' in p_name) > 0
    then split_part(p_name, '/', 1)::uuid
  end;
$$;

revoke execute on function public.file_organisation(text) from public;
grant execute on function public.file_organisation(text) to anon, authenticated, service_role;

create policy "Client files are read by the permission table"
  on storage.objects for select to authenticated
  using (bucket_id = 'client-files'
         and public.can('read', 'organisation_file', public.file_organisation(name)));
create policy "Client files are added by the permission table"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'client-files'
              and public.can('create', 'organisation_file', public.file_organisation(name)));
create policy "Client files are changed by the permission table"
  on storage.objects for update to authenticated
  using (bucket_id = 'client-files'
         and public.can('update', 'organisation_file', public.file_organisation(name)))
  with check (bucket_id = 'client-files'
              and public.can('update', 'organisation_file', public.file_organisation(name)));
create policy "Client files are removed by the permission table"
  on storage.objects for delete to authenticated
  using (bucket_id = 'client-files'
         and public.can('delete', 'organisation_file', public.file_organisation(name)));

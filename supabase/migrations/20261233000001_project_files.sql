-- A project's files, both ways (issue 42, item 4; docs/portal.md "Files").
--
-- The client's people and the agency upload files into the client's private folder of the
-- `client-files` bucket (`<organisation>/projects/<project>/<random>/<name>`, 50 MB at most,
-- a sniffed allowlist of types: app/domain/files/file-types.ts); each upload is recorded here,
-- once its object is stored, so that both sides list the project's files with who sent them,
-- from which side and when. The row takes its facts from the database, not from the caller:
-- the organisation from the project, the size and type from the stored object (which must exist
-- in the client's folder), the uploader from the session, their side from their agency role.
-- Nobody changes a row; an admin may remove one.

create table public.project_files (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  organisation_id uuid not null,
  file_path text not null unique,
  file_name text not null,
  file_size bigint not null default 0,
  file_type text not null default 'application/octet-stream',
  uploaded_by uuid default auth.uid() references auth.users (id) on delete set null,
  -- The uploader's name as it was (the client reads no accounts).
  uploader_name text not null default '',
  side text not null default 'client',
  created_at timestamptz not null default now(),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete cascade,
  constraint project_files_side check (side in ('client', 'agency')),
  constraint project_files_file_path check (char_length(file_path) between 1 and 1024),
  constraint project_files_file_name check (char_length(file_name) between 1 and 255),
  constraint project_files_file_size check (file_size between 0 and 52428800)
);
create index project_files_project_idx on public.project_files (project_id, created_at desc);
create index project_files_organisation_idx on public.project_files (organisation_id);

create or replace function public.project_file_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_object storage.objects;
begin
  new.organisation_id := (select p.organisation_id from public.projects p
                           where p.id = new.project_id);
  new.uploaded_by := coalesce(auth.uid(), new.uploaded_by);
  new.created_at := now();
  if new.organisation_id is null then
    return new;
  end if;
  if public.file_organisation(new.file_path) is distinct from new.organisation_id then
    raise exception using
      errcode = '23514',
      message = 'A project''s file is in its client''s folder',
      hint = 'file';
  end if;
  select o.* into v_object from storage.objects o
   where o.bucket_id = 'client-files' and o.name = new.file_path;
  if v_object.id is null then
    raise exception using
      errcode = '23514', message = 'There is no such file', hint = 'file';
  end if;
  new.file_size := coalesce((v_object.metadata ->> 'size')::bigint, 0);
  new.file_type := coalesce(nullif(v_object.metadata ->> 'mimetype', ''),
                            'application/octet-stream');
  select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), u.email, ''),
         case when coalesce((u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb, false)
                or exists (select 1 from public.agency_roles r where r.user_id = u.id)
              then 'agency' else 'client' end
    into new.uploader_name, new.side
    from auth.users u where u.id = new.uploaded_by;
  new.uploader_name := coalesce(new.uploader_name, '');
  new.side := coalesce(new.side, 'client');
  return new;
end;
$$;

revoke execute on function public.project_file_insert()
  from public, anon, authenticated, service_role;

create trigger project_files_insert
  before insert on public.project_files
  for each row execute function public.project_file_insert();

insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'project_file', 'any'),
  ('admin', 'create', 'project_file', 'any'),
  ('admin', 'delete', 'project_file', 'any'),
  ('staff', 'read', 'project_file', 'own'),
  ('staff', 'create', 'project_file', 'own'),
  ('owner', 'read', 'project_file', 'own'),
  ('owner', 'create', 'project_file', 'own'),
  ('member', 'read', 'project_file', 'own'),
  ('member', 'create', 'project_file', 'own');

alter table public.project_files enable row level security;
revoke all on table public.project_files from public, anon, authenticated;
grant select, delete on table public.project_files to authenticated;
grant insert (project_id, file_path, file_name) on table public.project_files to authenticated;
grant all on table public.project_files to service_role;

select public.create_permission_policies('project_files', 'project_file');

-- What a project's client is told, and what only the agency notes (issue 42, item 1;
-- docs/decisions/017-internal-and-client-data.md).
--
-- Two tables, not one with a visibility flag: an update is written for the client and its
-- people read it; an internal note is the agency's and no client policy names its table, so no
-- page, mail or Data API request made with a client's token can reach one (the RLS matrix proves
-- it for every caller). Both take their organisation from the project (a trigger copies it and
-- a composite foreign key holds it), so their policies ask the permission table about the row.

create table public.project_updates (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  organisation_id uuid not null,
  body text not null,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  -- The author's name as it was when they wrote (the client reads no accounts).
  author_name text not null default '',
  created_at timestamptz not null default now(),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete cascade,
  constraint project_updates_body check (char_length(btrim(body)) between 1 and 5000)
);
create index project_updates_project_idx on public.project_updates (project_id, created_at desc);
create index project_updates_organisation_idx on public.project_updates (organisation_id);

create table public.project_notes (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  organisation_id uuid not null,
  body text not null,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  author_name text not null default '',
  created_at timestamptz not null default now(),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete cascade,
  constraint project_notes_body check (char_length(btrim(body)) between 1 and 5000)
);
create index project_notes_project_idx on public.project_notes (project_id, created_at desc);
create index project_notes_organisation_idx on public.project_notes (organisation_id);

-- A row of a project takes the project's organisation, whatever the writer sent; a new one,
-- its author's name (their full name, else their address).
create or replace function public.project_row_scope()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.organisation_id := (select p.organisation_id from public.projects p where p.id = new.project_id);
  if tg_op = 'INSERT' then
    new.author_name := coalesce((
      select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), u.email, '')
        from auth.users u where u.id = new.author_id), '');
  end if;
  return new;
end;
$$;

revoke execute on function public.project_row_scope() from public, anon, authenticated, service_role;

create trigger project_updates_scope
  before insert or update on public.project_updates
  for each row execute function public.project_row_scope();
create trigger project_notes_scope
  before insert or update on public.project_notes
  for each row execute function public.project_row_scope();

insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'project_update', 'any'),
  ('admin', 'create', 'project_update', 'any'),
  ('admin', 'update', 'project_update', 'any'),
  ('admin', 'delete', 'project_update', 'any'),
  ('staff', 'read', 'project_update', 'own'),
  ('staff', 'create', 'project_update', 'own'),
  ('staff', 'update', 'project_update', 'own'),
  ('staff', 'delete', 'project_update', 'own'),
  ('owner', 'read', 'project_update', 'own'),
  ('member', 'read', 'project_update', 'own'),

  ('admin', 'read', 'project_note', 'any'),
  ('admin', 'create', 'project_note', 'any'),
  ('admin', 'update', 'project_note', 'any'),
  ('admin', 'delete', 'project_note', 'any'),
  ('staff', 'read', 'project_note', 'own'),
  ('staff', 'create', 'project_note', 'own'),
  ('staff', 'update', 'project_note', 'own');

alter table public.project_updates enable row level security;
alter table public.project_notes enable row level security;
revoke all on table public.project_updates, public.project_notes from public, anon, authenticated;
grant select, delete on table public.project_updates, public.project_notes to authenticated;
grant insert (project_id, body), update (body)
  on table public.project_updates, public.project_notes to authenticated;
grant all on table public.project_updates, public.project_notes to service_role;

select public.create_permission_policies('project_updates', 'project_update');
select public.create_permission_policies('project_notes', 'project_note');

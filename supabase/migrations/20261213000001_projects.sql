-- Projects of a client and their milestones (issue 42, item 1; docs/decisions/013-permission-model.md).
--
-- A project belongs to one organisation: its title, the service it is for (one of the site's
-- services), its status (proposal, active, on hold, delivered, closed), the step of that
-- service's process it has reached (`stage`: an index into services.process, the same stages
-- the service page promises), start and due dates, and the agency person who runs it. Its
-- milestones are ordered, each with a due date and a status; their organisation is the
-- project's (copied by a trigger and held to it by a foreign key), so row-level security asks
-- the permission table about the row itself, with no join a policy could get wrong.
--
-- Who may do what (public.permissions): admins everything; staff read, create and change the
-- projects of the clients they are assigned to (not delete them), and everything about their
-- milestones; a client's owners and members read them. A project never moves to another client
-- (its organisation is not among the columns anyone may update).

create table public.projects (
  id bigint generated always as identity primary key,
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  title text not null,
  -- A service's slug, as contact messages keep it (a renamed one is found through its redirect).
  service text,
  status text not null default 'proposal',
  stage smallint,
  starts_on date,
  due_on date,
  manager_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The milestones' foreign key names the project with its organisation.
  unique (id, organisation_id),
  constraint projects_title check (char_length(btrim(title)) between 1 and 200),
  constraint projects_status check
    (status in ('proposal', 'active', 'on_hold', 'delivered', 'closed')),
  constraint projects_service check
    (char_length(service) <= 100 and service ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint projects_stage check (stage between 0 and 19),
  constraint projects_dates check (due_on is null or starts_on is null or due_on >= starts_on)
);
create index projects_organisation_idx on public.projects (organisation_id, created_at desc);

create table public.project_milestones (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  organisation_id uuid not null,
  position integer not null default 0,
  title text not null,
  due_on date,
  status text not null default 'upcoming',
  done_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete cascade,
  constraint project_milestones_title check (char_length(btrim(title)) between 1 and 200),
  constraint project_milestones_status check (status in ('upcoming', 'in_progress', 'done'))
);
create index project_milestones_project_idx on public.project_milestones (project_id, position);
create index project_milestones_organisation_idx on public.project_milestones (organisation_id);

create trigger projects_updated_at
  before update on public.projects
  for each row execute function public.set_updated_at();

-- The person who runs a project is on the agency's side: an admin or a staff member.
create or replace function public.project_manager_is_agency()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.manager_id is not null
     and not exists (select 1 from public.agency_roles r where r.user_id = new.manager_id)
     and not exists (
       select 1 from auth.users u
        where u.id = new.manager_id
          and coalesce((u.raw_app_meta_data ->> 'is_admin')::boolean, false)) then
    raise exception using
      errcode = '23514',
      message = 'The person who runs a project is an admin or on the agency''s staff',
      hint = 'manager';
  end if;
  return new;
end;
$$;

revoke execute on function public.project_manager_is_agency()
  from public, anon, authenticated, service_role;

create trigger projects_manager_is_agency
  before insert or update of manager_id on public.projects
  for each row execute function public.project_manager_is_agency();

-- A milestone's organisation is its project's, whatever the writer sent; its done time follows
-- its status.
create or replace function public.project_milestone_scope()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.organisation_id := (select p.organisation_id from public.projects p where p.id = new.project_id);
  if new.status = 'done' and new.done_at is null then
    new.done_at := now();
  elsif new.status <> 'done' then
    new.done_at := null;
  end if;
  return new;
end;
$$;

revoke execute on function public.project_milestone_scope()
  from public, anon, authenticated, service_role;

create trigger project_milestones_scope
  before insert or update on public.project_milestones
  for each row execute function public.project_milestone_scope();

insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'project', 'any'),
  ('admin', 'create', 'project', 'any'),
  ('admin', 'update', 'project', 'any'),
  ('admin', 'delete', 'project', 'any'),
  ('staff', 'read', 'project', 'own'),
  ('staff', 'create', 'project', 'own'),
  ('staff', 'update', 'project', 'own'),
  ('owner', 'read', 'project', 'own'),
  ('member', 'read', 'project', 'own'),

  ('admin', 'read', 'project_milestone', 'any'),
  ('admin', 'create', 'project_milestone', 'any'),
  ('admin', 'update', 'project_milestone', 'any'),
  ('admin', 'delete', 'project_milestone', 'any'),
  ('staff', 'read', 'project_milestone', 'own'),
  ('staff', 'create', 'project_milestone', 'own'),
  ('staff', 'update', 'project_milestone', 'own'),
  ('staff', 'delete', 'project_milestone', 'own'),
  ('owner', 'read', 'project_milestone', 'own'),
  ('member', 'read', 'project_milestone', 'own');

alter table public.projects enable row level security;
alter table public.project_milestones enable row level security;
revoke all on table public.projects, public.project_milestones from public, anon, authenticated;
grant select, delete on table public.projects, public.project_milestones to authenticated;
grant insert (organisation_id, title, service, status, stage, starts_on, due_on, manager_id),
  update (title, service, status, stage, starts_on, due_on, manager_id)
  on table public.projects to authenticated;
grant insert (project_id, position, title, due_on, status),
  update (position, title, due_on, status)
  on table public.project_milestones to authenticated;
grant all on table public.projects, public.project_milestones to service_role;

-- The policies of a table whose rows carry their organisation: one per command, each asking the
-- permission table about the row's organisation (as 20261208000001_roles.sql writes them).
-- Migrations call it for their tables; nobody else may.
create or replace function public.create_permission_policies(p_table text, p_entity text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  op record;
  v_question text;
begin
  for op in select * from (values
      ('read', 'select', 'Read'), ('create', 'insert', 'Added'),
      ('update', 'update', 'Changed'), ('delete', 'delete', 'Removed')
    ) as o(action, command, verb)
  loop
    v_question := format('public.can(%L, %L, organisation_id)', op.action, p_entity);
    execute format('create policy %I on public.%I for %s to authenticated %s',
      op.verb || ' by the permission table', p_table, op.command,
      case op.command
        when 'insert' then format('with check (%s)', v_question)
        when 'update' then format('using (%s) with check (%s)', v_question, v_question)
        else format('using (%s)', v_question)
      end);
  end loop;
end;
$$;

revoke execute on function public.create_permission_policies(text, text)
  from public, anon, authenticated, service_role;

select public.create_permission_policies('projects', 'project');
select public.create_permission_policies('project_milestones', 'project_milestone');

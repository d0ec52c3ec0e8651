-- Roles and memberships (issue 41, item 3; docs/decisions/013-permission-model.md).
--
-- Agency side: `admin` and `staff`. The admin role IS app_metadata.is_admin, exactly as before:
-- public.is_admin() is unchanged, and every policy, the JWT, the admin layout and
-- `npm run admin:grant` keep reading the one flag. agency_roles holds the other agency roles
-- (today `staff`), one row per person; a person is admin, staff or neither, never two at once
-- (set_agency_role keeps it so). Client side: organisations (a client company) with members who
-- are `owner` or `member`; staff see the organisations they are assigned to, admins all.
--
-- What each role may do is data: public.permissions (action × entity × own/any × role), which
-- public.can() reads and every policy below calls. `own` means "in an organisation the viewer
-- belongs to (owner, member) or is assigned to (staff)"; `any` means every organisation, and
-- includes own. app/domain/access/permissions.ts holds the same rows, and
-- test/integration/permission-table.test.ts proves that both answer alike on PGlite and
-- PostgreSQL 17. Plain SQL for `supabase db push` and the embedded backend alike.

-- ---------------------------------------------------------------------------
-- The permission table.
-- ---------------------------------------------------------------------------
create table public.permissions (
  role text not null,
  action text not null,
  entity text not null,
  access text not null,
  primary key (role, action, entity, access),
  constraint permissions_role check
    (role in ('anonymous', 'authenticated', 'admin', 'staff', 'owner', 'member')),
  constraint permissions_action check (action in ('read', 'create', 'update', 'delete')),
  constraint permissions_access check (access in ('own', 'any'))
);

insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'organisation', 'any'),
  ('admin', 'create', 'organisation', 'any'),
  ('admin', 'update', 'organisation', 'any'),
  ('admin', 'delete', 'organisation', 'any'),
  ('staff', 'read', 'organisation', 'own'),
  ('owner', 'read', 'organisation', 'own'),
  ('member', 'read', 'organisation', 'own'),

  ('admin', 'read', 'organisation_note', 'any'),
  ('admin', 'create', 'organisation_note', 'any'),
  ('admin', 'update', 'organisation_note', 'any'),
  ('admin', 'delete', 'organisation_note', 'any'),
  ('staff', 'read', 'organisation_note', 'own'),
  ('staff', 'create', 'organisation_note', 'own'),
  ('staff', 'update', 'organisation_note', 'own'),

  ('admin', 'read', 'organisation_member', 'any'),
  ('admin', 'create', 'organisation_member', 'any'),
  ('admin', 'update', 'organisation_member', 'any'),
  ('admin', 'delete', 'organisation_member', 'any'),
  ('staff', 'read', 'organisation_member', 'own'),
  ('owner', 'read', 'organisation_member', 'own'),
  ('owner', 'delete', 'organisation_member', 'own'),
  ('member', 'read', 'organisation_member', 'own'),

  ('admin', 'read', 'staff_assignment', 'any'),
  ('admin', 'create', 'staff_assignment', 'any'),
  ('admin', 'update', 'staff_assignment', 'any'),
  ('admin', 'delete', 'staff_assignment', 'any'),
  ('staff', 'read', 'staff_assignment', 'own'),

  ('admin', 'read', 'agency_role', 'any'),
  ('admin', 'create', 'agency_role', 'any'),
  ('admin', 'update', 'agency_role', 'any'),
  ('admin', 'delete', 'agency_role', 'any');

-- Data for can(), not for the API: nobody but the service role reads it (the app has its copy).
alter table public.permissions enable row level security;
revoke all on table public.permissions from public, anon, authenticated, service_role;
grant select on table public.permissions to service_role;

-- ---------------------------------------------------------------------------
-- Tables.
-- ---------------------------------------------------------------------------
create table public.agency_roles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text not null,
  granted_by uuid references auth.users (id) on delete set null,
  granted_at timestamptz not null default now(),
  -- 'admin' is the app_metadata flag, never a row here (one place decides who is admin).
  constraint agency_roles_role check (role in ('staff'))
);

create table public.organisations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_at timestamptz not null default now(),
  constraint organisations_name check (char_length(btrim(name)) between 1 and 200)
);

-- The agency's internal notes on a client: a table of their own, so that no client policy can
-- ever reach them through a column of organisations.
create table public.organisation_notes (
  id bigint generated always as identity primary key,
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  body text not null,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint organisation_notes_body check (char_length(btrim(body)) between 1 and 10000)
);
create index organisation_notes_organisation_idx on public.organisation_notes (organisation_id);

create table public.organisation_members (
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'member',
  created_at timestamptz not null default now(),
  primary key (organisation_id, user_id),
  constraint organisation_members_role check (role in ('owner', 'member'))
);
create index organisation_members_user_idx on public.organisation_members (user_id);

create table public.staff_assignments (
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  user_id uuid not null references public.agency_roles (user_id) on delete cascade,
  assigned_by uuid default auth.uid() references auth.users (id) on delete set null,
  assigned_at timestamptz not null default now(),
  primary key (organisation_id, user_id)
);
create index staff_assignments_user_idx on public.staff_assignments (user_id);

-- ---------------------------------------------------------------------------
-- Who the caller is, and what they may do.
-- ---------------------------------------------------------------------------

-- The caller's roles: global ones (anonymous or authenticated, admin, staff) when p_organisation
-- is null; in an organisation, its own ones too (staff only where assigned, owner or member).
create or replace function public.viewer_roles(p_organisation uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select case when auth.uid() is null then array['anonymous'] else
    array['authenticated']
    || case when public.is_admin() then array['admin'] else array[]::text[] end
    || array(
         select r.role from public.agency_roles r
          where r.user_id = auth.uid() and not public.is_admin()
            and (p_organisation is null or exists (
                   select 1 from public.staff_assignments s
                    where s.organisation_id = p_organisation and s.user_id = r.user_id)))
    || array(
         select m.role from public.organisation_members m
          where p_organisation is not null
            and m.organisation_id = p_organisation and m.user_id = auth.uid())
  end;
$$;

-- The one question every policy asks: may the caller do p_action to p_entity in p_organisation
-- (null: not in one particular organisation, so only `any` rules answer)?
create or replace function public.can(p_action text, p_entity text, p_organisation uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.permissions p
     where p.action = p_action and p.entity = p_entity
       and ((p.access = 'any' and p.role = any (public.viewer_roles(null)))
         or (p.access = 'own' and p_organisation is not null
             and p.role = any (public.viewer_roles(p_organisation))))
  );
$$;

-- The caller's agency role and organisations, for the app's viewer (one round trip).
create or replace function public.viewer_access()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'agency_role',
      case when public.is_admin() then 'admin'
           else (select r.role from public.agency_roles r where r.user_id = auth.uid()) end,
    'memberships', coalesce((
      select jsonb_agg(jsonb_build_object('organisation_id', o.id, 'name', o.name, 'role', m.role)
                       order by o.name, o.id)
        from public.organisation_members m
        join public.organisations o on o.id = m.organisation_id
       where m.user_id = auth.uid()), '[]'::jsonb),
    'assignments', coalesce((
      select jsonb_agg(s.organisation_id order by s.organisation_id)
        from public.staff_assignments s
       where s.user_id = auth.uid()), '[]'::jsonb)
  )
  where auth.uid() is not null;
$$;

revoke execute on function public.viewer_roles(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.can(text, text, uuid) from public, anon;
grant execute on function public.can(text, text, uuid) to authenticated, service_role;
revoke execute on function public.viewer_access() from public, anon;
grant execute on function public.viewer_access() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Row-level security, every rule through can().
-- ---------------------------------------------------------------------------
alter table public.agency_roles enable row level security;
alter table public.organisations enable row level security;
alter table public.organisation_notes enable row level security;
alter table public.organisation_members enable row level security;
alter table public.staff_assignments enable row level security;

revoke all on table public.agency_roles, public.organisations, public.organisation_notes,
  public.organisation_members, public.staff_assignments from public, anon, authenticated;
grant select, insert, update, delete on table public.agency_roles, public.organisations,
  public.organisation_notes, public.organisation_members, public.staff_assignments
  to authenticated, service_role;
revoke insert, update on table public.organisation_notes from authenticated;
grant insert (organisation_id, body), update (body) on table public.organisation_notes
  to authenticated;

-- One policy per table and command, each asking the permission table about the row's
-- organisation. Agency roles belong to none, and a new organisation to none yet: their question
-- is the same for every row, so it is asked once per statement (an initplan).
do $$
declare
  t record;
  op record;
  v_question text;
begin
  for t in select * from (values
      ('agency_roles', 'agency_role', null),
      ('organisations', 'organisation', 'id'),
      ('organisation_notes', 'organisation_note', 'organisation_id'),
      ('organisation_members', 'organisation_member', 'organisation_id'),
      ('staff_assignments', 'staff_assignment', 'organisation_id')
    ) as v(tbl, entity, scope_column)
  loop
    for op in select * from (values
        ('read', 'select', 'Read'), ('create', 'insert', 'Added'),
        ('update', 'update', 'Changed'), ('delete', 'delete', 'Removed')
      ) as o(action, command, verb)
    loop
      v_question := case
        when t.scope_column is null or (t.entity = 'organisation' and op.action = 'create')
          then format('(select public.can(%L, %L, null))', op.action, t.entity)
        else format('public.can(%L, %L, %I)', op.action, t.entity, t.scope_column)
      end;
      execute format('create policy %I on public.%I for %s to authenticated %s',
        op.verb || ' by the permission table', t.tbl, op.command,
        case op.command
          when 'insert' then format('with check (%s)', v_question)
          when 'update' then format('using (%s) with check (%s)', v_question, v_question)
          else format('using (%s)', v_question)
        end);
    end loop;
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------
-- Audit: every change of an agency role is recorded, however it is made (set_agency_role, or a
-- write an admin's session makes through the API). Admin rights keep their own entries
-- (admin.granted / admin.revoked, written by admin_set_admin).
-- ---------------------------------------------------------------------------
create or replace function public.audit_agency_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := coalesce(new.user_id, old.user_id);
  v_email text := (select u.email from auth.users u where u.id = v_user);
begin
  if auth.uid() is null or (tg_op = 'UPDATE' and new.role is not distinct from old.role) then
    return null;
  end if;
  perform public.append_audit(
    case when tg_op = 'DELETE' then 'staff.revoked' else 'staff.granted' end,
    'users', v_user::text, v_email);
  return null;
end;
$$;

create trigger agency_roles_audit
  after insert or update or delete on public.agency_roles
  for each row execute function public.audit_agency_role();

revoke execute on function public.audit_agency_role() from public, anon, authenticated, service_role;

-- Assigns an agency role: 'admin', 'staff' or 'none'. Admin rights change through
-- admin_set_admin (its checks: the caller is an admin, nobody revokes their own rights or the
-- last admin's; its audit entry), the staff row through the table (its trigger's entry).
-- Leaving staff ends the person's assignments. True when something changed.
create or replace function public.set_agency_role(p_user_id uuid, p_role text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changed boolean := false;
  v_staff boolean;
begin
  if not public.is_admin() then
    raise exception 'Only administrators may change agency roles' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('admin', 'staff', 'none') then
    raise exception 'The role must be admin, staff or none' using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id and u.deleted_at is null) then
    raise sqlstate 'PT404' using message = 'There is no such account.';
  end if;
  -- Admin rights first: a refusal (your own rights, the last admin) leaves everything as it was.
  v_changed := public.admin_set_admin(p_user_id, p_role = 'admin');
  perform 1 from public.agency_roles r where r.user_id = p_user_id for update;
  v_staff := found;
  if p_role = 'staff' and not v_staff then
    insert into public.agency_roles (user_id, role, granted_by) values (p_user_id, 'staff', auth.uid());
    v_changed := true;
  elsif p_role <> 'staff' and v_staff then
    delete from public.agency_roles where user_id = p_user_id;
    v_changed := true;
  end if;
  return v_changed;
end;
$$;

revoke execute on function public.set_agency_role(uuid, text) from public, anon, service_role;
grant execute on function public.set_agency_role(uuid, text) to authenticated;

-- Granting admin rights (the former /admin/people form too) ends a staff role: one role each.
create or replace function public.agency_role_yields_to_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.raw_app_meta_data -> 'is_admin') = 'true'::jsonb
     and (old.raw_app_meta_data -> 'is_admin') is distinct from 'true'::jsonb then
    delete from public.agency_roles where user_id = new.id;
  end if;
  return null;
end;
$$;

create trigger agency_role_yields_to_admin
  after update of raw_app_meta_data on auth.users
  for each row execute function public.agency_role_yields_to_admin();

revoke execute on function public.agency_role_yields_to_admin() from public, anon, authenticated, service_role;

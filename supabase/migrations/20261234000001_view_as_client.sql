-- View as client (issue 42, item 6) and the card of the person who runs a project (item 2).
--
-- An admin opens a client's portal exactly as its members see it: the site's requests for those
-- pages carry the header `x-view-as-client: <organisation id>` (PostgREST and the embedded
-- backend both expose request headers as `request.headers`). While it is set on an admin's
-- request, the permission table answers as it would for a member of that organisation — no
-- global role, the role `member` there and nothing elsewhere — and for reads only: every
-- create, update and delete is refused. So the same policies that hide internal notes and
-- draft versions from a member hide them from the admin's view too; nothing is filtered in the
-- page. The header only ever narrows rights: on anyone's request but an admin's it is ignored.
--
-- Every such view is recorded in the audit log (`client.viewed`), by public.audit_client_view.

-- The organisation an admin's request views as its members see it (null: a normal request).
create or replace function public.viewing_as_client()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  -- The headers are parsed only when they name the view (a cheap search first: every policy's
  -- question passes here).
  select case when strpos(v.headers, '"x-view-as-client"') > 0 then (
    select case
      when w.id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
           and public.is_admin()
        then w.id::uuid
    end
      from (select v.headers::jsonb ->> 'x-view-as-client' as id) w)
  end
    from (select coalesce(current_setting('request.headers', true), '') as headers) v;
$$;

revoke execute on function public.viewing_as_client() from public, anon;
grant execute on function public.viewing_as_client() to authenticated, service_role;

-- The caller's roles (20261208000001_roles.sql), with the admin's view as a client: a member of
-- that organisation only.
create or replace function public.viewer_roles(p_organisation uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when auth.uid() is null then array['anonymous']
    when public.viewing_as_client() is not null then
      array['authenticated']
      || case when p_organisation = public.viewing_as_client() then array['member']
              else array[]::text[] end
    else
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

revoke execute on function public.viewer_roles(uuid) from public, anon, authenticated, service_role;

-- The one question every policy asks (20261208000001_roles.sql); an admin's view as a client
-- only reads.
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
  ) and (p_action = 'read' or public.viewing_as_client() is null);
$$;

revoke execute on function public.can(text, text, uuid) from public, anon;
grant execute on function public.can(text, text, uuid) to authenticated, service_role;

-- An admin opened organisation p_organisation's portal (or its project p_project) as its
-- members see it: one audit entry. Admins only, on a normal request (not one viewing as a
-- client), for an organisation (and project of it) that exists; false otherwise.
create or replace function public.audit_client_view(p_organisation uuid, p_project bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_title text;
begin
  if not public.is_admin() or public.viewing_as_client() is not null then
    return false;
  end if;
  select o.name into v_name from public.organisations o where o.id = p_organisation;
  if v_name is null then
    return false;
  end if;
  if p_project is not null then
    select p.title into v_title from public.projects p
     where p.id = p_project and p.organisation_id = p_organisation;
    if v_title is null then
      return false;
    end if;
  end if;
  perform public.append_audit('client.viewed', 'organisations', p_organisation::text,
    v_name || coalesce(' — ' || v_title, ''));
  return true;
end;
$$;

revoke execute on function public.audit_client_view(uuid, bigint) from public, anon;
grant execute on function public.audit_client_view(uuid, bigint) to authenticated;

-- The person who runs each of p_projects, as the client's page shows them: name, phone and
-- avatar from their account (the client reads no accounts otherwise), for the projects the
-- caller may read only (one query for a list).
create or replace function public.project_managers(p_projects bigint[])
returns table (project_id bigint, full_name text, email text, phone text, avatar_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id,
         coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), ''),
         u.email::text,
         nullif(u.raw_user_meta_data ->> 'phone', ''),
         nullif(u.raw_user_meta_data ->> 'avatar_url', '')
    from public.projects p
    join auth.users u on u.id = p.manager_id
   where p.id = any (p_projects[1:1000])
     and public.can('read', 'project', p.organisation_id);
$$;

revoke execute on function public.project_managers(bigint[]) from public, anon;
grant execute on function public.project_managers(bigint[]) to authenticated;

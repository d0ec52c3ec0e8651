-- The permission table's roles (20261234000001_view_as_client.sql) ask public.viewing_as_client()
-- only when the request's headers name the view at all: every policy's question passes through
-- viewer_roles(), and a function call there on every request (the search of the headers is
-- inline) would cost every page, not just the admin's view of a client's portal.
create or replace function public.viewer_roles(p_organisation uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when auth.uid() is null then array['anonymous']
    when strpos(coalesce(current_setting('request.headers', true), ''), '"x-view-as-client"') > 0
         and public.viewing_as_client() is not null then
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

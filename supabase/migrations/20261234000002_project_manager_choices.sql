-- Who may run a project (issue 42, item 1: "the staff member who runs it"), for the agency's
-- project form: the admins and the staff assigned to the project's client — the people
-- public.project_manager_is_agency() accepts and who work on that client — each with their name
-- and address, and whether they run it now. Answers nothing to a caller who may not change the
-- project (the client's people, other staff, anyone on a client view).
create or replace function public.project_manager_choices(p_project bigint)
returns table (user_id uuid, full_name text, email text, current boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id,
         coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), ''),
         u.email::text,
         u.id is not distinct from p.manager_id
    from public.projects p
    join auth.users u
      on coalesce((u.raw_app_meta_data ->> 'is_admin')::boolean, false)
      or exists (select 1 from public.staff_assignments s
                  where s.organisation_id = p.organisation_id and s.user_id = u.id)
      or u.id = p.manager_id
   where p.id = p_project
     and public.can('update', 'project', p.organisation_id)
   order by 2, 3
   limit 200;
$$;

revoke execute on function public.project_manager_choices(bigint) from public, anon;
grant execute on function public.project_manager_choices(bigint) to authenticated;

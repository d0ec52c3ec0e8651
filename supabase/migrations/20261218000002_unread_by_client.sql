-- Unread messages per client for the agency's list of clients (/admin/clients; issue 42 item 5):
-- for each of p_organisations, how many messages of the others came in the threads of its
-- projects after the caller last opened each thread. One query for the whole list, with the
-- caller's own rights (a client they may not read counts nothing).
create or replace function public.unread_messages_by_organisation(p_organisations uuid[])
returns table (organisation_id uuid, unread integer)
language sql
stable
set search_path = ''
as $$
  select m.organisation_id, count(*)::integer
    from public.project_messages m
    left join public.project_message_reads r
      on r.project_id = m.project_id and r.user_id = (select auth.uid())
   where m.organisation_id = any (p_organisations[1:1000])
     and m.author_id is distinct from (select auth.uid())
     and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
   group by m.organisation_id;
$$;

revoke execute on function public.unread_messages_by_organisation(uuid[]) from public, anon;
grant execute on function public.unread_messages_by_organisation(uuid[]) to authenticated;

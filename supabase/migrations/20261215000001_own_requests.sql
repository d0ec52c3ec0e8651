-- A person's requests include those sent before they had an account (issues 42 item 2, 44 item
-- 10): a contact message or quote request sent without signing in, from the address the person
-- later confirmed as their account's, is theirs to read on their dashboard, with its status.
--
-- Confirmed is the point: the address of an account not yet confirmed proves nothing, so such an
-- account reads only what it sent signed in. The messages are not rewritten (the agency's inbox
-- still shows how each was sent); the policy that lets a sender read their messages gains the
-- one case.
create or replace function public.own_confirmed_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u
   where u.id = auth.uid() and u.email_confirmed_at is not null and u.email is not null;
$$;

revoke execute on function public.own_confirmed_email() from public, anon;
grant execute on function public.own_confirmed_email() to authenticated, service_role;

drop policy "Signed-in users can read their own contact messages" on public.contact_messages;
create policy "Signed-in users can read their own contact messages"
  on public.contact_messages for select
  to authenticated
  using (
    user_id = (select auth.uid())
    or (user_id is null and lower(email) = (select public.own_confirmed_email()))
  );

-- The dashboard's list, in one request: the person's messages (sent signed in, or before from
-- their confirmed address), newest first. Runs as the caller, so row-level security applies as
-- well; the where clause keeps an admin's list to their own.
create index contact_messages_unclaimed_email_idx
  on public.contact_messages (lower(email)) where user_id is null;

create or replace function public.own_contact_messages(p_limit integer default 20)
returns table (id bigint, message text, created_at timestamptz, status text)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.id, m.message, m.created_at, m.status
    from public.contact_messages m
   where m.user_id = (select auth.uid())
      or (m.user_id is null and lower(m.email) = (select public.own_confirmed_email()))
   order by m.created_at desc, m.id desc
   limit least(greatest(coalesce(p_limit, 20), 1), 100);
$$;

revoke execute on function public.own_contact_messages(integer) from public, anon;
grant execute on function public.own_contact_messages(integer) to authenticated, service_role;

-- The dashboard's list of a person's requests (public.own_contact_messages) read through its
-- indexes (issue 42 item 9). Run as the caller, row-level security put its policies before the
-- function's where clause, and a clause holding functions that are not leakproof (auth.uid()'s
-- reading of the claims, lower()) may not run before them, nor through an index: every
-- /dashboard view scanned the agency's whole inbox and evaluated both for each message — for an
-- administrator (who may read every message and has few or none of their own) ~1.5 ms of the
-- embedded database's single thread with 40 messages, 35–80 ms with 5 000.
--
-- The function now runs as its owner and applies the one rule itself: the caller's messages,
-- sent signed in or from their confirmed address before they had an account — exactly the rows
-- the policy "Signed-in users can read their own contact messages" gives them, never more (an
-- administrator's right to read every message plays no part in this list, as before). Each half
-- is read through its index (user_id; lower(email) of unclaimed messages), at most the limit's
-- rows each; same rows, order and limit as before.
create or replace function public.own_contact_messages(p_limit integer default 20)
returns table (id bigint, message text, created_at timestamptz, status text)
language sql
stable
security definer
set search_path = ''
as $$
  with bounded as (select least(greatest(coalesce(p_limit, 20), 1), 100) as n)
  select o.id, o.message, o.created_at, o.status
    from (
      (select m.id, m.message, m.created_at, m.status
         from public.contact_messages m
        where m.user_id = (select auth.uid())
        order by m.created_at desc, m.id desc
        limit (select n from bounded))
      union all
      -- `offset 0` keeps the order below from choosing a walk of the whole inbox newest first
      -- (the planner cannot tell how few rows an address has): the address's index finds them.
      (select u.id, u.message, u.created_at, u.status
         from (select m.id, m.message, m.created_at, m.status
                 from public.contact_messages m
                where m.user_id is null
                  and lower(m.email) = (select public.own_confirmed_email())
               offset 0) u
        order by u.created_at desc, u.id desc
        limit (select n from bounded))
    ) o
   order by o.created_at desc, o.id desc
   limit (select n from bounded);
$$;

revoke execute on function public.own_contact_messages(integer) from public, anon;
grant execute on function public.own_contact_messages(integer) to authenticated, service_role;

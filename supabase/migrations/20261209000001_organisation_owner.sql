-- An organisation keeps at least one owner (issue 41, item 3): removing or demoting its last
-- owner is refused, whoever asks (RLS decides who may change members; this decides what may be
-- left). Checked after the statement's rows (a constraint trigger fires at the end of the
-- statement), so deleting every member at once is refused too, and promoting a member before
-- demoting the old owner works. Deleting the organisation, or the owner's account, removes the
-- rows without a check: nothing is left to keep an owner for, or the person is gone (an admin
-- then names a new owner). Changes to one organisation's owners wait for each other (the
-- organisation's row is locked), so two owners removing each other at once cannot both succeed.
create or replace function public.organisation_keeps_an_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'owner'
     or (tg_op = 'UPDATE' and new.role = 'owner' and new.organisation_id = old.organisation_id) then
    return null;
  end if;
  perform 1 from public.organisations o where o.id = old.organisation_id for update;
  if not found or not exists (select 1 from auth.users u where u.id = old.user_id) then
    return null;
  end if;
  if not exists (
    select 1 from public.organisation_members m
     where m.organisation_id = old.organisation_id and m.role = 'owner'
  ) then
    raise exception using
      errcode = '23514',
      message = 'An organisation keeps at least one owner',
      hint = 'Make another member an owner first.';
  end if;
  return null;
end;
$$;

revoke execute on function public.organisation_keeps_an_owner() from public, anon, authenticated;

create constraint trigger organisation_keeps_an_owner
  after update or delete on public.organisation_members
  for each row execute function public.organisation_keeps_an_owner();

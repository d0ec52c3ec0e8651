-- Owners remove colleagues (issue 41, item 3): the permission table already lets an owner (and
-- an admin) delete an organisation's member rows, and organisation_keeps_an_owner refuses to
-- leave an organisation without one. What was missing is the trace: every removal a signed-in
-- person makes is recorded in the audit log, as invitations and agency roles are. Rows removed
-- because the organisation or the account itself was deleted are not "removals" (nothing is
-- left to record them against, or the person is gone) and are not recorded.
create or replace function public.audit_member_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := (select u.email from auth.users u where u.id = old.user_id);
begin
  if auth.uid() is null or v_email is null
     or not exists (select 1 from public.organisations o where o.id = old.organisation_id) then
    return null;
  end if;
  perform public.append_audit('member.removed', 'organisations', old.organisation_id::text,
                              v_email);
  return null;
end;
$$;

revoke execute on function public.audit_member_removal()
  from public, anon, authenticated, service_role;

create trigger organisation_members_removal_audit
  after delete on public.organisation_members
  for each row execute function public.audit_member_removal();

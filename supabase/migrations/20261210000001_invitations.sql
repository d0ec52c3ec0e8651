-- Invitations into a client organisation (issue 41, item 3; docs/decisions/013-permission-model.md).
--
-- An owner of the organisation, staff assigned to it or an admin invites a person by e-mail, in
-- the person's language. The mail (an outbox row written in the same transaction) carries a
-- link signed by the site (app/domain/access/invitation-links.server.ts): the invitation's id and
-- a MAC over its id, address and creation time, so a link cannot be guessed, moved to another
-- invitation or address, and nothing secret is stored here. The link works for 7 days and once:
-- accept_invitation() makes the signed-in person a member when their confirmed address is the
-- invited one. People never join by an owner's insert of a user id (organisation_members has no
-- such rule for owners); a person who already has an account signs in, one who has none signs
-- up with the invited address, so no account is ever created twice.

create table public.organisation_invitations (
  id bigint generated always as identity primary key,
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  email text not null,
  role text not null default 'member',
  language text not null default 'en',
  invited_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  constraint organisation_invitations_email check
    (email = lower(btrim(email)) and char_length(email) between 3 and 254
     and email like '_%@_%' and email !~ '[[:space:],;<>]'),
  constraint organisation_invitations_role check (role in ('owner', 'member')),
  constraint organisation_invitations_language check (language in ('en', 'sw', 'fr'))
);
-- One pending invitation per address and organisation: a new one replaces the old.
create unique index organisation_invitations_pending_idx
  on public.organisation_invitations (organisation_id, email) where accepted_at is null;

insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'organisation_invitation', 'any'),
  ('admin', 'create', 'organisation_invitation', 'any'),
  ('admin', 'update', 'organisation_invitation', 'any'),
  ('admin', 'delete', 'organisation_invitation', 'any'),
  ('staff', 'read', 'organisation_invitation', 'own'),
  ('staff', 'create', 'organisation_invitation', 'own'),
  ('staff', 'delete', 'organisation_invitation', 'own'),
  ('owner', 'read', 'organisation_invitation', 'own'),
  ('owner', 'create', 'organisation_invitation', 'own'),
  ('owner', 'delete', 'organisation_invitation', 'own');

alter table public.organisation_invitations enable row level security;
revoke all on table public.organisation_invitations from public, anon, authenticated;
grant select, delete on table public.organisation_invitations to authenticated;
grant insert (organisation_id, email, role, language), update (role)
  on table public.organisation_invitations to authenticated;
grant all on table public.organisation_invitations to service_role;

create policy "Read by the permission table" on public.organisation_invitations
  for select to authenticated using (public.can('read', 'organisation_invitation', organisation_id));
create policy "Added by the permission table" on public.organisation_invitations
  for insert to authenticated
  with check (public.can('create', 'organisation_invitation', organisation_id));
create policy "Changed by the permission table" on public.organisation_invitations
  for update to authenticated
  using (public.can('update', 'organisation_invitation', organisation_id))
  with check (public.can('update', 'organisation_invitation', organisation_id));
create policy "Removed by the permission table" on public.organisation_invitations
  for delete to authenticated
  using (public.can('delete', 'organisation_invitation', organisation_id));

-- The invitation's mail goes through the outbox like every other.
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('contact_notification', 'newsletter_confirmation', 'organisation_invitation'));

-- Invites p_email into p_organisation as p_role, mailed in p_language; the invitation's id.
-- Whoever the permission table lets create an invitation there may call it. An earlier pending
-- invitation of the address is replaced (its link stops working); a member is not invited
-- again; an organisation has at most 50 pending invitations and an address gets at most 3 a day
-- from one organisation (withdrawn ones count), so the form cannot be turned into a mail cannon.
create or replace function public.invite_to_organisation(
  p_organisation uuid, p_email text, p_role text, p_language text
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_id bigint;
begin
  if not public.can('create', 'organisation_invitation', p_organisation) then
    raise exception 'You may not invite people into this organisation' using errcode = '42501';
  end if;
  -- One invitation at a time per organisation: the counts below stay true under concurrency.
  perform 1 from public.organisations o where o.id = p_organisation for update;
  if exists (
    select 1 from public.organisation_members m join auth.users u on u.id = m.user_id
     where m.organisation_id = p_organisation and lower(u.email) = v_email
  ) then
    raise exception 'That person is already a member of this organisation'
      using errcode = '23505', hint = 'already_member';
  end if;
  -- Counted from the audit log, which keeps every invitation sent: withdrawing or replacing
  -- one does not give the address its day's invitations back.
  if (select count(*) from public.audit_log a
       where a.action = 'invitation.sent' and a.target_id = p_organisation::text
         and split_part(a.summary, ' as ', 1) = v_email
         and a.created_at > now() - interval '1 day') >= 3 then
    raise exception 'This address has been invited 3 times today'
      using errcode = '54000', hint = 'address_today';
  end if;
  delete from public.organisation_invitations i
   where i.organisation_id = p_organisation and i.email = v_email and i.accepted_at is null;
  if (select count(*) from public.organisation_invitations i
       where i.organisation_id = p_organisation and i.accepted_at is null
         and i.expires_at > now()) >= 50 then
    raise exception 'This organisation has 50 invitations waiting'
      using errcode = '54000', hint = 'pending';
  end if;
  insert into public.organisation_invitations (organisation_id, email, role, language, invited_by)
  values (p_organisation, v_email, p_role, p_language, auth.uid())
  returning id into v_id;
  insert into public.mail_outbox (kind, ref_id) values ('organisation_invitation', v_id);
  perform public.append_audit('invitation.sent', 'organisations', p_organisation::text,
    v_email || ' as ' || p_role);
  return v_id;
end;
$$;

revoke execute on function public.invite_to_organisation(uuid, text, text, text)
  from public, anon, service_role;
grant execute on function public.invite_to_organisation(uuid, text, text, text) to authenticated;

-- Makes p_user a member through invitation p_id, once the site has checked the link's
-- signature (only the service role may call it). What happened: accepted (with the
-- organisation), or why not — missing, used, expired, other_email (the person's confirmed
-- address is not the invited one). The row is locked, so one link makes one member.
create or replace function public.accept_invitation(p_id bigint, p_user uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invitation public.organisation_invitations;
  v_email text;
begin
  select * into v_invitation from public.organisation_invitations i where i.id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_invitation.accepted_at is not null then
    return jsonb_build_object('status', 'used');
  end if;
  if v_invitation.expires_at <= now() then
    return jsonb_build_object('status', 'expired');
  end if;
  select lower(u.email) into v_email from auth.users u
   where u.id = p_user and u.deleted_at is null and u.email_confirmed_at is not null;
  if v_email is distinct from v_invitation.email then
    return jsonb_build_object('status', 'other_email');
  end if;
  insert into public.organisation_members (organisation_id, user_id, role)
  values (v_invitation.organisation_id, p_user, v_invitation.role)
  on conflict (organisation_id, user_id) do update set role = excluded.role
    where excluded.role = 'owner';
  update public.organisation_invitations
     set accepted_at = now(), accepted_by = p_user
   where id = p_id;
  insert into public.audit_log (actor_id, actor_email, action, target_type, target_id, summary)
  values (p_user, v_email, 'invitation.accepted', 'organisations',
          v_invitation.organisation_id::text, v_email || ' as ' || v_invitation.role);
  return jsonb_build_object('status', 'accepted', 'organisation_id', v_invitation.organisation_id,
    'name', (select o.name from public.organisations o where o.id = v_invitation.organisation_id));
end;
$$;

revoke execute on function public.accept_invitation(bigint, uuid) from public, anon, authenticated;
grant execute on function public.accept_invitation(bigint, uuid) to service_role;

-- An organisation's people as those who may read its members see them: address, name, role.
-- (Their accounts live in auth.users, which the API does not reach.) Empty for anyone else.
create or replace function public.organisation_people(p_organisation uuid)
returns table (user_id uuid, email text, full_name text, role text, joined_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, u.email::text, coalesce(u.raw_user_meta_data ->> 'full_name', '')::text,
         m.role, m.created_at
    from public.organisation_members m
    join auth.users u on u.id = m.user_id
   where m.organisation_id = p_organisation
     and public.can('read', 'organisation_member', p_organisation)
   order by m.role desc, lower(u.email);
$$;

revoke execute on function public.organisation_people(uuid) from public, anon;
grant execute on function public.organisation_people(uuid) to authenticated, service_role;

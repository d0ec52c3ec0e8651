-- A project's message thread (issue 42, item 5; docs/portal.md).
--
-- One thread per project, both sides: the client's owners and members, the staff assigned to the
-- client and the admins. A message is plain text (1..5 000 characters, checked here) with an
-- optional attachment: the key of a file already in the client's folder of the private
-- `client-files` bucket (a draft version's file is the agency's and cannot be attached by the
-- client, who cannot read it). Who wrote it — their id, their name as it was, and their side
-- ("agency" for admins and staff, "client" otherwise) — and when are the database's, never the
-- caller's. A message is a trace: nobody edits one; only an admin removes one (a message posted
-- in the wrong thread, or something that must not stay), and the removal is in the audit log.
--
-- Reading: project_message_reads keeps, per person and project, when they last opened the
-- thread (public.mark_messages_read, called by the project pages); public.unread_message_counts
-- answers "N unread" for a list of projects in one query.
--
-- Mails: each new message marks the people of the other side as owed a notice
-- (project_message_notices.pending_from) and queues the `project_messages.notify` job of its
-- project for when the first of them may be mailed again. The job (public.queue_message_mails)
-- writes one mail per person owed one and not mailed about this thread in the last 10 minutes,
-- listing every message that arrived meanwhile, and answers when to run again for the others.

create table public.project_messages (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  organisation_id uuid not null,
  body text not null,
  attachment_path text,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  -- The author's name and side as they were when they wrote (the client reads no accounts).
  author_name text not null default '',
  author_side text not null default 'client',
  created_at timestamptz not null default now(),
  unique (id, organisation_id),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete cascade,
  constraint project_messages_body check (char_length(btrim(body)) between 1 and 5000),
  constraint project_messages_side check (author_side in ('agency', 'client')),
  constraint project_messages_attachment check (char_length(attachment_path) between 1 and 1024)
);
create index project_messages_project_idx on public.project_messages (project_id, id);
create index project_messages_organisation_idx on public.project_messages (organisation_id);

-- The side of an account: the agency's (an admin, or staff) or the client's.
create or replace function public.account_side(p_user uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when exists (select 1 from auth.users u where u.id = p_user
                            and (u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb)
              or exists (select 1 from public.agency_roles r where r.user_id = p_user)
         then 'agency' else 'client' end;
$$;

revoke execute on function public.account_side(uuid) from public, anon, authenticated, service_role;

-- A message takes its project's organisation; its author is the caller (the service role may
-- name one: the demo client), with their name and side; its attachment must be a file of the
-- client's folder that is there.
create or replace function public.project_message_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.organisation_id := (select p.organisation_id from public.projects p where p.id = new.project_id);
  new.author_id := coalesce(auth.uid(), new.author_id);
  new.author_name := coalesce((
    select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), u.email, '')
      from auth.users u where u.id = new.author_id), '');
  new.author_side := public.account_side(new.author_id);
  new.body := btrim(new.body);
  new.created_at := now();
  if new.organisation_id is not null and new.attachment_path is not null
     and (public.file_organisation(new.attachment_path) is distinct from new.organisation_id
          or not exists (select 1 from storage.objects o
                          where o.bucket_id = 'client-files' and o.name = new.attachment_path)
          or (new.author_side = 'client'
              and coalesce(public.deliverable_file_status(new.attachment_path), '') = 'draft')) then
    raise exception using
      errcode = '23514',
      message = 'An attachment is one of the client''s files',
      hint = 'attachment';
  end if;
  return new;
end;
$$;

revoke execute on function public.project_message_insert()
  from public, anon, authenticated, service_role;

create trigger project_messages_insert
  before insert on public.project_messages
  for each row execute function public.project_message_insert();

-- Nobody edits a message (not even the service role); the author's account going sets
-- author_id null, the one change let through (the name stays).
create or replace function public.project_message_unchanged()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.author_id is null and old.author_id is not null
     and to_jsonb(new) - 'author_id' = to_jsonb(old) - 'author_id' then
    return new;
  end if;
  raise exception 'A message is never changed' using errcode = '42501';
end;
$$;

revoke execute on function public.project_message_unchanged()
  from public, anon, authenticated, service_role;

create trigger project_messages_unchanged
  before update on public.project_messages
  for each row execute function public.project_message_unchanged();

-- An admin's removal of a message is in the audit log.
create or replace function public.project_message_removed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    perform public.append_audit('project_message.deleted', 'organisations',
                                old.organisation_id::text, left(old.body, 200));
  end if;
  return null;
end;
$$;

revoke execute on function public.project_message_removed()
  from public, anon, authenticated, service_role;

create trigger project_messages_removed
  after delete on public.project_messages
  for each row execute function public.project_message_removed();

insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'project_message', 'any'),
  ('admin', 'create', 'project_message', 'any'),
  ('admin', 'delete', 'project_message', 'any'),
  ('staff', 'read', 'project_message', 'own'),
  ('staff', 'create', 'project_message', 'own'),
  ('owner', 'read', 'project_message', 'own'),
  ('owner', 'create', 'project_message', 'own'),
  ('member', 'read', 'project_message', 'own'),
  ('member', 'create', 'project_message', 'own');

alter table public.project_messages enable row level security;
revoke all on table public.project_messages from public, anon, authenticated;
grant select, delete on table public.project_messages to authenticated;
grant insert (project_id, body, attachment_path) on table public.project_messages to authenticated;
grant all on table public.project_messages to service_role;
select public.create_permission_policies('project_messages', 'project_message');

-- ---------------------------------------------------------------------------
-- When each person last opened a project's thread. A person reads and writes only their own
-- row, through mark_messages_read() (which asks whether they may read the thread at all).
-- ---------------------------------------------------------------------------
create table public.project_message_reads (
  user_id uuid not null references auth.users (id) on delete cascade,
  project_id bigint not null references public.projects (id) on delete cascade,
  last_read_at timestamptz not null default now(),
  primary key (user_id, project_id)
);
create index project_message_reads_project_idx on public.project_message_reads (project_id);

alter table public.project_message_reads enable row level security;
revoke all on table public.project_message_reads from public, anon, authenticated;
grant select on table public.project_message_reads to authenticated;
grant all on table public.project_message_reads to service_role;
create policy "A person reads their own" on public.project_message_reads
  for select to authenticated using (user_id = (select auth.uid()));

-- The caller has read project p_project's thread up to now (nothing for a project they may not
-- read: the same answer as for one that does not exist).
create or replace function public.mark_messages_read(p_project bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organisation uuid;
begin
  select p.organisation_id into v_organisation from public.projects p where p.id = p_project;
  if auth.uid() is null or v_organisation is null
     or not public.can('read', 'project_message', v_organisation) then
    return false;
  end if;
  insert into public.project_message_reads (user_id, project_id, last_read_at)
  values (auth.uid(), p_project, now())
  on conflict (user_id, project_id) do update set last_read_at = excluded.last_read_at;
  return true;
end;
$$;

revoke execute on function public.mark_messages_read(bigint) from public, anon;
grant execute on function public.mark_messages_read(bigint) to authenticated;

-- For each of p_projects the caller may read: how many messages of the other people came after
-- the caller last opened its thread. One query for a whole list (the caller's own rights: a
-- project they may not read counts nothing).
create or replace function public.unread_message_counts(p_projects bigint[])
returns table (project_id bigint, unread integer)
language sql
stable
set search_path = ''
as $$
  select m.project_id, count(*)::integer
    from public.project_messages m
    left join public.project_message_reads r
      on r.project_id = m.project_id and r.user_id = (select auth.uid())
   where m.project_id = any (p_projects[1:1000])
     and m.author_id is distinct from (select auth.uid())
     and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
   group by m.project_id;
$$;

revoke execute on function public.unread_message_counts(bigint[]) from public, anon;
grant execute on function public.unread_message_counts(bigint[]) to authenticated;

-- ---------------------------------------------------------------------------
-- Notices: at most one mail per thread per 10 minutes per person.
-- ---------------------------------------------------------------------------
create table public.project_message_notices (
  project_id bigint not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The first message not yet mailed to this person (null: nothing owed).
  pending_from bigint,
  last_mailed_at timestamptz,
  primary key (project_id, user_id)
);

create table public.project_message_mails (
  id bigint generated always as identity primary key,
  project_id bigint not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  locale text not null default 'en',
  from_message bigint not null,
  to_message bigint not null,
  created_at timestamptz not null default now(),
  constraint project_message_mails_locale check (locale in ('en', 'sw', 'fr'))
);
create index project_message_mails_project_idx on public.project_message_mails (project_id, user_id);

alter table public.project_message_notices enable row level security;
alter table public.project_message_mails enable row level security;
revoke all on table public.project_message_notices, public.project_message_mails
  from public, anon, authenticated;
grant all on table public.project_message_notices, public.project_message_mails to service_role;

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('contact_notification', 'newsletter_confirmation', 'organisation_invitation',
                  'deliverable_reminder', 'project_messages'));

create trigger project_message_mails_mail
  after insert on public.project_message_mails
  for each row execute function public.queue_mail('project_messages');

-- The people of the other side of a message: the client's owners and members for the agency's,
-- the staff assigned to the client and the admins for the client's; never its author.
create or replace function public.message_recipients(p_message bigint)
returns table (user_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct r.user_id from (
    select mm.user_id from public.project_messages m
      join public.organisation_members mm on mm.organisation_id = m.organisation_id
     where m.id = p_message and m.author_side = 'agency'
    union
    select s.user_id from public.project_messages m
      join public.staff_assignments s on s.organisation_id = m.organisation_id
     where m.id = p_message and m.author_side = 'client'
    union
    select u.id from public.project_messages m, auth.users u
     where m.id = p_message and m.author_side = 'client'
       and (u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb
  ) r
  join public.project_messages m on m.id = p_message
  where r.user_id is distinct from m.author_id;
$$;

revoke execute on function public.message_recipients(bigint)
  from public, anon, authenticated, service_role;

-- A new message: its recipients are owed a notice from it on (unless already owed one), and a
-- job of its project is queued for the first moment one of them may be mailed (one per message:
-- a job that finds nobody due mails nobody; the job queues the next one itself).
create or replace function public.project_message_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_due timestamptz;
begin
  insert into public.project_message_notices as n (project_id, user_id, pending_from)
  select new.project_id, r.user_id, new.id from public.message_recipients(new.id) r
  on conflict (project_id, user_id)
    do update set pending_from = coalesce(n.pending_from, excluded.pending_from);
  select greatest(now(), min(coalesce(n.last_mailed_at + interval '10 minutes', now())))
    into v_due
    from public.project_message_notices n
   where n.project_id = new.project_id and n.pending_from is not null;
  if v_due is not null then
    perform public.enqueue_job('project_messages.notify',
      jsonb_build_object('project', new.project_id), v_due, 'message:' || new.id);
  end if;
  return null;
end;
$$;

revoke execute on function public.project_message_notify()
  from public, anon, authenticated, service_role;

create trigger project_messages_notify
  after insert on public.project_messages
  for each row execute function public.project_message_notify();

-- The job: one mail to each person owed a notice of project p_project and not mailed about it
-- in the last 10 minutes, listing what arrived since; answers how many were queued and when the
-- others may be mailed (null: nobody waits).
create or replace function public.queue_message_mails(p_project bigint, out queued integer,
                                                      out next_at timestamptz)
language plpgsql
set search_path = ''
as $$
declare
  v_last bigint;
begin
  perform 1 from public.projects p where p.id = p_project for update;
  select max(m.id) into v_last from public.project_messages m where m.project_id = p_project;
  with owed as (
    select n.user_id, n.pending_from from public.project_message_notices n
     where n.project_id = p_project and n.pending_from is not null
       and (n.last_mailed_at is null or n.last_mailed_at <= now() - interval '10 minutes')
  ), due as (
    update public.project_message_notices n
       set pending_from = null, last_mailed_at = now()
      from owed
     where n.project_id = p_project and n.user_id = owed.user_id
    returning n.user_id, owed.pending_from
  ), written as (
    insert into public.project_message_mails (project_id, user_id, locale, from_message, to_message)
    select p_project, d.user_id,
           case when u.raw_user_meta_data ->> 'locale' in ('en', 'sw', 'fr')
                then u.raw_user_meta_data ->> 'locale' else 'en' end,
           d.pending_from, coalesce(v_last, d.pending_from)
      from due d join auth.users u on u.id = d.user_id
    returning 1
  )
  select count(*)::integer into queued from written;
  select min(n.last_mailed_at + interval '10 minutes') into next_at
    from public.project_message_notices n
   where n.project_id = p_project and n.pending_from is not null;
end;
$$;

revoke execute on function public.queue_message_mails(bigint) from public, anon, authenticated;
grant execute on function public.queue_message_mails(bigint) to service_role;

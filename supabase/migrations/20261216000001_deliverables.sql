-- Deliverables with versions, and approvals with a trace (issue 42, item 3; docs/portal.md).
--
-- A project's deliverable (a title, a note) has versions numbered 1..n by the database; each
-- version is a private file of the client (`client-files`, under the organisation's folder),
-- uploaded by the agency, with a note and a status: draft (the agency's only), ready for review,
-- then approved or changes requested by the client's decision. A new version never replaces an
-- older one; a new version after "changes requested" is the next round.
--
-- A decision (approved, or changes requested with a reason) records who decided — their id, and
-- their name and address as they were — and when. It is made by the client's owners and members
-- only on a version that is ready for review and is the latest its client has been shown (a
-- newer draft, unseen by the client, does not count); the database
-- checks it (a trigger that locks the version, so two people deciding at once make one
-- decision), sets the version's status from it and writes the audit log. Nobody updates or
-- deletes a decision (no grant, no policy): it goes only with its project.
--
-- The agency marks a version ready for review through public.mark_version_ready(), which also
-- queues the reminder job (app/domain/portal/deliverable-reminders.server.ts) in the same
-- transaction; the status column is nobody's to write directly.

create table public.project_deliverables (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  organisation_id uuid not null,
  position integer not null default 0,
  title text not null,
  note text not null default '',
  created_at timestamptz not null default now(),
  unique (id, organisation_id),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete cascade,
  constraint project_deliverables_title check (char_length(btrim(title)) between 1 and 200),
  constraint project_deliverables_note check (char_length(note) <= 2000)
);
create index project_deliverables_project_idx on public.project_deliverables (project_id, position);
create index project_deliverables_organisation_idx on public.project_deliverables (organisation_id);

create table public.deliverable_versions (
  id bigint generated always as identity primary key,
  deliverable_id bigint not null,
  organisation_id uuid not null,
  number integer not null default 1,
  -- The file in client-files: its key (the organisation's folder first), name, size and type.
  file_path text not null,
  file_name text not null,
  file_size bigint not null,
  file_type text not null default 'application/octet-stream',
  note text not null default '',
  status text not null default 'draft',
  uploaded_by uuid default auth.uid() references auth.users (id) on delete set null,
  -- The uploader's name as it was (the client reads no accounts).
  uploader_name text not null default '',
  created_at timestamptz not null default now(),
  ready_at timestamptz,
  unique (deliverable_id, number),
  unique (id, organisation_id),
  foreign key (deliverable_id, organisation_id)
    references public.project_deliverables (id, organisation_id) on delete cascade,
  constraint deliverable_versions_number check (number >= 1),
  constraint deliverable_versions_status check
    (status in ('draft', 'ready_for_review', 'approved', 'changes_requested')),
  constraint deliverable_versions_file_path check (char_length(file_path) between 1 and 1024),
  constraint deliverable_versions_file_name check (char_length(file_name) between 1 and 255),
  constraint deliverable_versions_file_size check (file_size between 0 and 52428800),
  constraint deliverable_versions_file_type check
    (file_type ~ '^[a-z0-9.+-]+/[a-z0-9.+-]+$' and char_length(file_type) <= 200),
  constraint deliverable_versions_note check (char_length(note) <= 2000)
);
create index deliverable_versions_organisation_idx on public.deliverable_versions (organisation_id);

create table public.deliverable_decisions (
  id bigint generated always as identity primary key,
  version_id bigint not null,
  organisation_id uuid not null,
  decision text not null,
  reason text not null default '',
  decided_by uuid references auth.users (id) on delete set null,
  -- Who decided, as they were when they did (an account changes its name or goes).
  decider_name text not null default '',
  decider_email text not null default '',
  decided_at timestamptz not null default now(),
  foreign key (version_id, organisation_id)
    references public.deliverable_versions (id, organisation_id) on delete cascade,
  constraint deliverable_decisions_decision check (decision in ('approved', 'changes_requested')),
  constraint deliverable_decisions_reason check (
    char_length(reason) <= 2000
    and (decision <> 'changes_requested' or char_length(btrim(reason)) >= 1))
);
-- One decision per version: once decided, a version is no longer waiting for one.
create unique index deliverable_decisions_version_idx on public.deliverable_decisions (version_id);
create index deliverable_decisions_organisation_idx on public.deliverable_decisions (organisation_id);

-- A deliverable's organisation is its project's, whatever the writer sent; a new one goes last.
create or replace function public.project_deliverable_scope()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.organisation_id := (select p.organisation_id from public.projects p where p.id = new.project_id);
  if tg_op = 'INSERT' then
    new.position := coalesce((select max(d.position) + 1 from public.project_deliverables d
                               where d.project_id = new.project_id), 0);
  end if;
  return new;
end;
$$;

revoke execute on function public.project_deliverable_scope()
  from public, anon, authenticated, service_role;

create trigger project_deliverables_scope
  before insert or update on public.project_deliverables
  for each row execute function public.project_deliverable_scope();

-- A new version: its deliverable's organisation, the next number (the deliverable is locked, so
-- two uploads at once get two numbers), a draft, its uploader's name; its file must be in the
-- organisation's folder.
create or replace function public.deliverable_version_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.organisation_id := (select d.organisation_id from public.project_deliverables d
                           where d.id = new.deliverable_id for update);
  new.number := coalesce((select max(v.number) + 1 from public.deliverable_versions v
                           where v.deliverable_id = new.deliverable_id), 1);
  new.status := 'draft';
  new.ready_at := null;
  new.created_at := now();
  new.uploader_name := coalesce((
    select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), u.email, '')
      from auth.users u where u.id = new.uploaded_by), '');
  if new.organisation_id is not null
     and public.file_organisation(new.file_path) is distinct from new.organisation_id then
    raise exception using
      errcode = '23514',
      message = 'A version''s file is in its client''s folder',
      hint = 'file';
  end if;
  return new;
end;
$$;

revoke execute on function public.deliverable_version_insert()
  from public, anon, authenticated, service_role;

create trigger deliverable_versions_insert
  before insert on public.deliverable_versions
  for each row execute function public.deliverable_version_insert();

-- A version keeps what it is (deliverable, number, file); its status moves only forward: from
-- draft to ready for review through mark_version_ready() (latest version only), from ready for
-- review to the decision a client made on it (the decision's trigger).
create or replace function public.deliverable_version_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.deliverable_id := old.deliverable_id;
  new.organisation_id := old.organisation_id;
  new.number := old.number;
  new.file_path := old.file_path;
  new.file_name := old.file_name;
  new.file_size := old.file_size;
  new.file_type := old.file_type;
  -- uploaded_by may go (the account was deleted: its foreign key sets it null); the name stays.
  new.uploader_name := old.uploader_name;
  new.created_at := old.created_at;
  if new.status is not distinct from old.status then
    new.ready_at := old.ready_at;
    return new;
  end if;
  if old.status = 'draft' and new.status = 'ready_for_review'
     and current_setting('app.marking_ready', true) = 'on'
     and not exists (select 1 from public.deliverable_versions v
                      where v.deliverable_id = old.deliverable_id and v.number > old.number) then
    new.ready_at := now();
    return new;
  end if;
  if old.status = 'ready_for_review'
     and exists (select 1 from public.deliverable_decisions d
                  where d.version_id = old.id and d.decision = new.status) then
    new.ready_at := old.ready_at;
    return new;
  end if;
  raise exception using
    errcode = '23514',
    message = 'A version goes from draft to ready for review (the latest only), then to the client''s decision',
    hint = 'status';
end;
$$;

revoke execute on function public.deliverable_version_update()
  from public, anon, authenticated, service_role;

create trigger deliverable_versions_update
  before update on public.deliverable_versions
  for each row execute function public.deliverable_version_update();

-- A decision: allowed by the permission table (else row-level security refuses a person's as
-- usual, without telling them anything about the version), on a version ready for review that is
-- the latest its client has been shown. Who decided and when are the database's, never the caller's.
create or replace function public.deliverable_decision_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version public.deliverable_versions;
begin
  select v.* into v_version from public.deliverable_versions v
   where v.id = new.version_id for update;
  new.organisation_id := v_version.organisation_id;
  if v_version.id is null or (auth.uid() is not null
     and not public.can('create', 'deliverable_decision', v_version.organisation_id)) then
    return new;
  end if;
  if v_version.status <> 'ready_for_review' then
    raise exception using
      errcode = '23514',
      message = 'This version is not waiting for a decision',
      hint = 'not_ready';
  end if;
  -- The latest the client has been shown: a newer draft is the agency's, unseen, and does not
  -- take the version under review away from the client.
  if exists (select 1 from public.deliverable_versions v
              where v.deliverable_id = v_version.deliverable_id and v.number > v_version.number
                and v.status <> 'draft') then
    raise exception using
      errcode = '23514',
      message = 'A newer version of this deliverable is there',
      hint = 'not_latest';
  end if;
  new.decided_by := coalesce(auth.uid(), new.decided_by);
  if new.decided_by is null then
    raise exception using errcode = '23502', message = 'A decision is someone''s';
  end if;
  select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), u.email, ''),
         coalesce(u.email, '')
    into new.decider_name, new.decider_email
    from auth.users u where u.id = new.decided_by;
  new.decider_name := coalesce(new.decider_name, '');
  new.decider_email := coalesce(new.decider_email, '');
  new.reason := btrim(coalesce(new.reason, ''));
  new.decided_at := now();
  return new;
end;
$$;

revoke execute on function public.deliverable_decision_insert()
  from public, anon, authenticated, service_role;

create trigger deliverable_decisions_insert
  before insert on public.deliverable_decisions
  for each row execute function public.deliverable_decision_insert();

-- The version takes the decision's status, and the decision is in the audit log (when a person
-- made it: the agency's activity page names them).
create or replace function public.deliverable_decision_made()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_summary text;
begin
  update public.deliverable_versions v set status = new.decision where v.id = new.version_id;
  if auth.uid() is not null then
    select d.title || ' v' || v.number into v_summary
      from public.deliverable_versions v
      join public.project_deliverables d on d.id = v.deliverable_id
     where v.id = new.version_id;
    perform public.append_audit(
      case new.decision when 'approved' then 'deliverable.approved'
                        else 'deliverable.changes_requested' end,
      'organisations', new.organisation_id::text, v_summary);
  end if;
  return null;
end;
$$;

revoke execute on function public.deliverable_decision_made()
  from public, anon, authenticated, service_role;

create trigger deliverable_decisions_made
  after insert on public.deliverable_decisions
  for each row execute function public.deliverable_decision_made();

-- Not even the service role rewrites a decision (removing one goes with its project). The one
-- change let through is the decider's account going (its foreign key sets decided_by null): the
-- name and address they had stay, which is what they are kept for.
create or replace function public.deliverable_decision_unchanged()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.decided_by is null and old.decided_by is not null
     and to_jsonb(new) - 'decided_by' = to_jsonb(old) - 'decided_by' then
    return new;
  end if;
  raise exception 'A decision is never changed' using errcode = '42501';
end;
$$;

revoke execute on function public.deliverable_decision_unchanged()
  from public, anon, authenticated, service_role;

create trigger deliverable_decisions_unchanged
  before update on public.deliverable_decisions
  for each row execute function public.deliverable_decision_unchanged();

-- Who may do what. Decisions are a trace: read by everyone of the project, made by the client's
-- people, changed or removed by nobody.
insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'project_deliverable', 'any'),
  ('admin', 'create', 'project_deliverable', 'any'),
  ('admin', 'update', 'project_deliverable', 'any'),
  ('admin', 'delete', 'project_deliverable', 'any'),
  ('staff', 'read', 'project_deliverable', 'own'),
  ('staff', 'create', 'project_deliverable', 'own'),
  ('staff', 'update', 'project_deliverable', 'own'),
  ('owner', 'read', 'project_deliverable', 'own'),
  ('member', 'read', 'project_deliverable', 'own'),

  ('admin', 'read', 'deliverable_version', 'any'),
  ('admin', 'create', 'deliverable_version', 'any'),
  ('admin', 'update', 'deliverable_version', 'any'),
  ('admin', 'delete', 'deliverable_version', 'any'),
  ('staff', 'read', 'deliverable_version', 'own'),
  ('staff', 'create', 'deliverable_version', 'own'),
  ('staff', 'update', 'deliverable_version', 'own'),
  ('owner', 'read', 'deliverable_version', 'own'),
  ('member', 'read', 'deliverable_version', 'own'),

  ('admin', 'read', 'deliverable_decision', 'any'),
  ('staff', 'read', 'deliverable_decision', 'own'),
  ('owner', 'read', 'deliverable_decision', 'own'),
  ('owner', 'create', 'deliverable_decision', 'own'),
  ('member', 'read', 'deliverable_decision', 'own'),
  ('member', 'create', 'deliverable_decision', 'own');

alter table public.project_deliverables enable row level security;
alter table public.deliverable_versions enable row level security;
alter table public.deliverable_decisions enable row level security;
revoke all on table public.project_deliverables, public.deliverable_versions,
  public.deliverable_decisions from public, anon, authenticated;
grant select, delete on table public.project_deliverables, public.deliverable_versions
  to authenticated;
grant insert (project_id, title, note), update (title, note, position)
  on table public.project_deliverables to authenticated;
grant insert (deliverable_id, file_path, file_name, file_size, file_type, note), update (note)
  on table public.deliverable_versions to authenticated;
grant select, insert (version_id, decision, reason) on table public.deliverable_decisions
  to authenticated;
grant all on table public.project_deliverables, public.deliverable_versions,
  public.deliverable_decisions to service_role;

select public.create_permission_policies('project_deliverables', 'project_deliverable');
select public.create_permission_policies('deliverable_decisions', 'deliverable_decision');
-- Versions: as the permission table says, except that a draft is the agency's only (those who
-- may change a version).
select public.create_permission_policies('deliverable_versions', 'deliverable_version');
drop policy "Read by the permission table" on public.deliverable_versions;
create policy "Read by the permission table" on public.deliverable_versions
  for select to authenticated
  using (public.can('read', 'deliverable_version', organisation_id)
         and (status <> 'draft' or public.can('update', 'deliverable_version', organisation_id)));

-- Marks the latest version of a deliverable ready for review, as whoever the permission table
-- lets change it (or the service role: the demo client of scripts/demo-client.ts), and queues its reminder for p_remind_at (the site counts the working days in
-- the agency's time zone; bounded here to the next 14 days), once per version. A version the
-- caller may not change answers as a missing one.
create or replace function public.mark_version_ready(p_version bigint, p_remind_at timestamptz)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version public.deliverable_versions;
begin
  select v.* into v_version from public.deliverable_versions v where v.id = p_version for update;
  if v_version.id is null
     or not (public.can('update', 'deliverable_version', v_version.organisation_id)
             or coalesce(auth.role(), '') = 'service_role') then
    raise exception using errcode = 'P0002', message = 'There is no such version';
  end if;
  if v_version.status <> 'draft' then
    raise exception using
      errcode = '23514', message = 'This version is not a draft', hint = 'not_draft';
  end if;
  perform set_config('app.marking_ready', 'on', true);
  update public.deliverable_versions v set status = 'ready_for_review' where v.id = p_version;
  perform set_config('app.marking_ready', 'off', true);
  perform public.enqueue_job(
    'deliverable.reminder',
    jsonb_build_object('version', p_version),
    greatest(now(), least(coalesce(p_remind_at, now()), now() + interval '14 days')),
    'version:' || p_version);
  return p_version;
end;
$$;

revoke execute on function public.mark_version_ready(bigint, timestamptz) from public, anon;
grant execute on function public.mark_version_ready(bigint, timestamptz)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The reminder: once per version and person, a mail to each owner and member of the client,
-- in their language (the account's `locale`, English otherwise), through the outbox.
-- ---------------------------------------------------------------------------
create table public.deliverable_reminders (
  id bigint generated always as identity primary key,
  version_id bigint not null references public.deliverable_versions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  locale text not null default 'en',
  created_at timestamptz not null default now(),
  unique (version_id, user_id),
  constraint deliverable_reminders_locale check (locale in ('en', 'sw', 'fr'))
);

alter table public.deliverable_reminders enable row level security;
revoke all on table public.deliverable_reminders from public, anon, authenticated;
grant all on table public.deliverable_reminders to service_role;

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('contact_notification', 'newsletter_confirmation', 'organisation_invitation',
                  'deliverable_reminder'));

create trigger deliverable_reminders_mail
  after insert on public.deliverable_reminders
  for each row execute function public.queue_mail('deliverable_reminder');

-- The reminders of a version still waiting for a decision (none once it has one, or once a
-- newer version has been shown to the client); how many were queued now (0 when they already
-- were: exactly once).
create or replace function public.queue_deliverable_reminders(p_version bigint)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform 1 from public.deliverable_versions v where v.id = p_version for update;
  insert into public.deliverable_reminders (version_id, user_id, locale)
  select v.id, m.user_id,
         case when u.raw_user_meta_data ->> 'locale' in ('en', 'sw', 'fr')
              then u.raw_user_meta_data ->> 'locale' else 'en' end
    from public.deliverable_versions v
    join public.organisation_members m on m.organisation_id = v.organisation_id
    join auth.users u on u.id = m.user_id
   where v.id = p_version and v.status = 'ready_for_review'
     and not exists (select 1 from public.deliverable_decisions d where d.version_id = v.id)
     and not exists (select 1 from public.deliverable_versions n
                      where n.deliverable_id = v.deliverable_id and n.number > v.number
                        and n.status <> 'draft')
  on conflict (version_id, user_id) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke execute on function public.queue_deliverable_reminders(bigint)
  from public, anon, authenticated;
grant execute on function public.queue_deliverable_reminders(bigint) to service_role;

-- ---------------------------------------------------------------------------
-- A version's file in the client's folder is the version's: while the version is a draft, the
-- client's people do not read it (not through Storage's list or download either), and nobody
-- but those the permission table lets delete versions removes it (an owner may remove the
-- organisation's other files, not the file a decision was made on).
-- ---------------------------------------------------------------------------
create index deliverable_versions_file_path_idx on public.deliverable_versions (file_path);

-- The status of the version whose file `p_name` is (null: not a version's file).
create or replace function public.deliverable_file_status(p_name text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select v.status from public.deliverable_versions v where v.file_path = p_name limit 1;
$$;

revoke execute on function public.deliverable_file_status(text) from public, anon;
grant execute on function public.deliverable_file_status(text) to authenticated, service_role;

drop policy "Client files are read by the permission table" on storage.objects;
create policy "Client files are read by the permission table"
  on storage.objects for select to authenticated
  using (bucket_id = 'client-files'
         and public.can('read', 'organisation_file', public.file_organisation(name))
         and (coalesce(public.deliverable_file_status(name), '') <> 'draft'
              or public.can('update', 'deliverable_version', public.file_organisation(name))));
drop policy "Client files are removed by the permission table" on storage.objects;
create policy "Client files are removed by the permission table"
  on storage.objects for delete to authenticated
  using (bucket_id = 'client-files'
         and public.can('delete', 'organisation_file', public.file_organisation(name))
         and (public.deliverable_file_status(name) is null
              or public.can('delete', 'deliverable_version', public.file_organisation(name))));

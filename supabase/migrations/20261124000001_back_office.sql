-- Back office (issue 15): inbox status and service on contact messages, newsletter consent
-- (double opt-in), a mail outbox, an append-only audit log, and the account functions of
-- /admin/people. Plain SQL for `supabase db push` and the embedded backend alike.

-- ---------------------------------------------------------------------------
-- Admin check. app_metadata.is_admin is read live from auth.users (not from the caller's JWT),
-- so granting or revoking rights applies to every policy at once, not at the next refresh.
-- ---------------------------------------------------------------------------
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select (u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb
       from auth.users u
      where u.id = auth.uid()),
    false
  );
$$;

revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

-- Posts: the same rule as before, read live.
drop policy "Admins can read all posts" on public.posts;
drop policy "Admins can create posts" on public.posts;
drop policy "Admins can update posts" on public.posts;
drop policy "Admins can delete posts" on public.posts;

create policy "Admins can read all posts"
  on public.posts for select to authenticated using ((select public.is_admin()));
create policy "Admins can create posts"
  on public.posts for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update posts"
  on public.posts for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete posts"
  on public.posts for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------------------
-- contact_messages: inbox status, who handled it, and the service asked about.
-- ---------------------------------------------------------------------------
alter table public.contact_messages
  add column status text not null default 'new',
  add column handled_at timestamptz,
  add column handled_by uuid references auth.users (id) on delete set null,
  add column service text,
  add constraint contact_messages_status_check check (status in ('new', 'handled', 'archived')),
  add constraint contact_messages_service_check check (
    service is null or service in (
      'web-development', 'mobile-app-development', 'software-development', 'web-hosting',
      'bulk-sms', 'digital-marketing', 'graphic-design', 'ai-chatbot-assistants'
    )
  );

create index contact_messages_created_at_idx on public.contact_messages (created_at desc, id desc);
create index contact_messages_status_idx on public.contact_messages (status, created_at desc);

grant insert (service) on table public.contact_messages to anon, authenticated;
grant update (status) on table public.contact_messages to authenticated;
grant delete on table public.contact_messages to authenticated;

create policy "Admins can read all contact messages"
  on public.contact_messages for select to authenticated using ((select public.is_admin()));
create policy "Admins can update contact messages"
  on public.contact_messages for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete contact messages"
  on public.contact_messages for delete to authenticated using ((select public.is_admin()));

-- handled_at / handled_by follow the status; nobody writes them directly.
create or replace function public.contact_messages_track_handling()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if new.status = 'handled' then
      new.handled_at := now();
      new.handled_by := auth.uid();
    elsif new.status = 'new' then
      new.handled_at := null;
      new.handled_by := null;
    end if;
  end if;
  return new;
end;
$$;

create trigger contact_messages_track_handling
  before update on public.contact_messages
  for each row execute function public.contact_messages_track_handling();

-- ---------------------------------------------------------------------------
-- newsletter_subscribers: consent you can prove (double opt-in) and unsubscribing.
-- Addresses stored before this migration have no proof of consent: they stay 'pending'.
-- ---------------------------------------------------------------------------
alter table public.newsletter_subscribers
  add column status text not null default 'pending',
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz,
  add column confirmation_sent_at timestamptz,
  add constraint newsletter_subscribers_status_check
    check (status in ('pending', 'confirmed', 'unsubscribed'));

create index newsletter_subscribers_created_at_idx
  on public.newsletter_subscribers (created_at desc, id desc);

grant select, delete on table public.newsletter_subscribers to authenticated;

create policy "Admins can read subscribers"
  on public.newsletter_subscribers for select to authenticated using ((select public.is_admin()));
create policy "Admins can remove subscribers"
  on public.newsletter_subscribers for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------------------
-- mail_outbox: e-mails the site owes, written in the same transaction as the row that causes
-- them and delivered by the site's worker (service role), retried with backoff.
-- ---------------------------------------------------------------------------
create table public.mail_outbox (
  id bigint generated always as identity primary key,
  kind text not null,
  ref_id bigint not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint mail_outbox_kind_check
    check (kind in ('contact_notification', 'newsletter_confirmation')),
  constraint mail_outbox_status_check check (status in ('pending', 'sent', 'failed')),
  constraint mail_outbox_last_error_length check (char_length(last_error) <= 1000)
);

create index mail_outbox_due_idx on public.mail_outbox (status, next_attempt_at);

revoke all on table public.mail_outbox from anon, authenticated;
grant select, update (status, next_attempt_at) on table public.mail_outbox to authenticated;
grant all on table public.mail_outbox to service_role;
alter table public.mail_outbox enable row level security;

create policy "Admins can see the outbox"
  on public.mail_outbox for select to authenticated using ((select public.is_admin()));
create policy "Admins can retry failed mail"
  on public.mail_outbox for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create or replace function public.queue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.mail_outbox (kind, ref_id) values (tg_argv[0], new.id);
  return null;
end;
$$;

create trigger contact_messages_notify
  after insert on public.contact_messages
  for each row execute function public.queue_mail('contact_notification');

create trigger newsletter_subscribers_confirm
  after insert on public.newsletter_subscribers
  for each row execute function public.queue_mail('newsletter_confirmation');

-- ---------------------------------------------------------------------------
-- audit_log: every admin write, appended by triggers and functions; admins read it, nobody
-- (service role included) changes or deletes a row.
-- ---------------------------------------------------------------------------
create table public.audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor_email text,
  action text not null,
  target_type text not null,
  target_id text,
  summary text not null default '',
  created_at timestamptz not null default now()
);

create index audit_log_created_at_idx on public.audit_log (created_at desc, id desc);

revoke all on table public.audit_log from anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;
alter table public.audit_log enable row level security;

create policy "Admins can read the audit log"
  on public.audit_log for select to authenticated using ((select public.is_admin()));

create or replace function public.audit_log_is_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'audit_log is append-only' using errcode = '42501';
end;
$$;

create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function public.audit_log_is_append_only();

create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function public.audit_log_is_append_only();

create or replace function public.append_audit(
  p_action text, p_target_type text, p_target_id text, p_summary text
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, actor_email, action, target_type, target_id, summary)
  values (auth.uid(), (select auth.jwt()) ->> 'email', p_action, p_target_type, p_target_id,
          left(coalesce(p_summary, ''), 300));
$$;

revoke execute on function public.append_audit(text, text, text, text) from public, anon, authenticated;

-- Writes by a signed-in user (admins: RLS lets no one else write these rows) are recorded;
-- the service role's own bookkeeping (outbox, consent links) has no user and is not.
create or replace function public.audit_admin_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_action text;
  v_row jsonb := to_jsonb(coalesce(new, old));
  v_summary text;
begin
  if auth.uid() is null then
    return null;
  end if;
  if tg_table_name = 'posts' then
    v_summary := v_row ->> 'title';
    v_action := case
      when tg_op = 'INSERT' and (v_row ->> 'published')::boolean then 'post.published'
      when tg_op = 'INSERT' then 'post.created'
      when tg_op = 'DELETE' then 'post.deleted'
      when new.published and not old.published then 'post.published'
      when old.published and not new.published then 'post.unpublished'
      else 'post.updated'
    end;
  elsif tg_table_name = 'contact_messages' then
    if tg_op = 'INSERT' then
      return null;
    end if;
    v_summary := (v_row ->> 'name') || ' <' || (v_row ->> 'email') || '>';
    v_action := case
      when tg_op = 'DELETE' then 'message.deleted'
      when new.status is not distinct from old.status then null
      when new.status = 'handled' then 'message.handled'
      when new.status = 'archived' then 'message.archived'
      else 'message.reopened'
    end;
  elsif tg_table_name = 'newsletter_subscribers' then
    if tg_op <> 'DELETE' then
      return null;
    end if;
    v_summary := v_row ->> 'email';
    v_action := 'subscriber.removed';
  end if;
  if v_action is not null then
    perform public.append_audit(v_action, tg_table_name, v_row ->> 'id', v_summary);
  end if;
  return null;
end;
$$;

create trigger posts_audit
  after insert or update or delete on public.posts
  for each row execute function public.audit_admin_write();
create trigger contact_messages_audit
  after update or delete on public.contact_messages
  for each row execute function public.audit_admin_write();
create trigger newsletter_subscribers_audit
  after delete on public.newsletter_subscribers
  for each row execute function public.audit_admin_write();

-- ---------------------------------------------------------------------------
-- /admin/people: accounts and admin rights, through functions that check the caller is an
-- admin (the site holds no service-role key for this; see docs/administration.md).
-- ---------------------------------------------------------------------------
create or replace function public.admin_list_people(
  p_search text default '', p_limit integer default 25, p_offset integer default 0
)
returns table (
  id uuid,
  email text,
  full_name text,
  confirmed boolean,
  is_admin boolean,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := '%' || replace(replace(replace(left(coalesce(p_search, ''), 200),
    '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  if not public.is_admin() then
    raise exception 'Only administrators may list accounts' using errcode = '42501';
  end if;
  return query
    select u.id, u.email::text, coalesce(u.raw_user_meta_data ->> 'full_name', ''),
           u.email_confirmed_at is not null,
           coalesce((u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb, false),
           u.created_at, u.last_sign_in_at, count(*) over ()
      from auth.users u
     where u.deleted_at is null
       and (u.email ilike v_pattern or coalesce(u.raw_user_meta_data ->> 'full_name', '') ilike v_pattern)
     order by u.created_at desc, u.id
     limit least(greatest(coalesce(p_limit, 25), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end;
$$;

create or replace function public.admin_set_admin(p_user_id uuid, p_is_admin boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_current boolean;
  v_admins integer;
begin
  if not public.is_admin() then
    raise exception 'Only administrators may change admin rights' using errcode = '42501';
  end if;
  if p_is_admin is null then
    raise exception 'Say whether to grant or revoke' using errcode = '22023';
  end if;
  -- Lock every admin row: two revocations at once cannot leave the site without an admin.
  perform 1 from auth.users u where (u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb for update;
  select u.email, coalesce((u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb, false)
    into v_email, v_current
    from auth.users u where u.id = p_user_id and u.deleted_at is null for update;
  if not found then
    raise sqlstate 'PT404' using message = 'There is no such account.';
  end if;
  if v_current = p_is_admin then
    return false;
  end if;
  if not p_is_admin then
    if p_user_id = auth.uid() then
      raise sqlstate 'PT409' using message = 'You cannot revoke your own admin rights.';
    end if;
    select count(*) into v_admins from auth.users u
     where (u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb and u.deleted_at is null;
    if v_admins <= 1 then
      raise sqlstate 'PT409' using message = 'The last admin cannot be removed.';
    end if;
  end if;
  update auth.users
     set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
                             || jsonb_build_object('is_admin', p_is_admin),
         updated_at = now()
   where id = p_user_id;
  perform public.append_audit(
    case when p_is_admin then 'admin.granted' else 'admin.revoked' end,
    'users', p_user_id::text, v_email);
  return true;
end;
$$;

revoke execute on function public.admin_list_people(text, integer, integer) from public, anon;
revoke execute on function public.admin_set_admin(uuid, boolean) from public, anon;
grant execute on function public.admin_list_people(text, integer, integer) to authenticated;
grant execute on function public.admin_set_admin(uuid, boolean) to authenticated;

revoke execute on function public.queue_mail() from public, anon, authenticated;
revoke execute on function public.audit_admin_write() from public, anon, authenticated;
revoke execute on function public.contact_messages_track_handling() from public, anon, authenticated;
revoke execute on function public.audit_log_is_append_only() from public, anon, authenticated;

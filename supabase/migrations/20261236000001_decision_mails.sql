-- The agency's mail about a client's decision (issue 42, "the agency gets the mails and sees the
-- decisions"): each decision a client's owner or member records queues, in the same
-- transaction, a `deliverable.decided` job (app/domain/portal/decision-mail-job.server.ts); the
-- job asks public.queue_decision_mails() to write one mail per person of the agency who runs
-- the project — its manager; when it has none, the staff assigned to the client; when there are
-- none, the admins — in their language, through the outbox (the mail:
-- app/domain/portal/decision-mails.server.ts, which also honours their notification
-- preferences). The client's people never get it.

create table public.deliverable_decision_mails (
  id bigint generated always as identity primary key,
  decision_id bigint not null references public.deliverable_decisions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  locale text not null default 'en',
  created_at timestamptz not null default now(),
  unique (decision_id, user_id),
  constraint deliverable_decision_mails_locale check (locale in ('en', 'sw', 'fr'))
);
create index deliverable_decision_mails_user_idx on public.deliverable_decision_mails (user_id);

alter table public.deliverable_decision_mails enable row level security;
revoke all on table public.deliverable_decision_mails from public, anon, authenticated;
grant all on table public.deliverable_decision_mails to service_role;

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('contact_notification', 'newsletter_confirmation', 'organisation_invitation',
                  'deliverable_reminder', 'project_messages', 'billing_mail', 'decision_mail'));

create trigger deliverable_decision_mails_mail
  after insert on public.deliverable_decision_mails
  for each row execute function public.queue_mail('decision_mail');

-- A decision queues its job in the transaction that records it (keyed by the decision: once).
create or replace function public.deliverable_decision_queue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.enqueue_job(
    'deliverable.decided', jsonb_build_object('decision', new.id), now(), 'decision:' || new.id);
  return null;
end;
$$;

revoke execute on function public.deliverable_decision_queue_mail()
  from public, anon, authenticated, service_role;

create trigger deliverable_decisions_queue_mail
  after insert on public.deliverable_decisions
  for each row execute function public.deliverable_decision_queue_mail();

-- The mails of decision p_decision: the project's manager; when it has none, the staff assigned
-- to the client; when there are none, the admins. Never the decider. How many were queued now
-- (0 when they already were: a job that runs twice mails nobody twice).
create or replace function public.queue_decision_mails(p_decision bigint)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_organisation uuid;
  v_manager uuid;
  v_decider uuid;
  v_people uuid[];
  v_count integer;
begin
  select d.organisation_id, p.manager_id, d.decided_by
    into v_organisation, v_manager, v_decider
    from public.deliverable_decisions d
    join public.deliverable_versions v on v.id = d.version_id
    join public.project_deliverables pd on pd.id = v.deliverable_id
    join public.projects p on p.id = pd.project_id
   where d.id = p_decision;
  if v_organisation is null then
    return 0;
  end if;
  if v_manager is not null then
    v_people := array[v_manager];
  else
    select array_agg(s.user_id) into v_people
      from public.staff_assignments s where s.organisation_id = v_organisation;
    if v_people is null then
      select array_agg(u.id) into v_people
        from auth.users u
       where coalesce((u.raw_app_meta_data ->> 'is_admin')::boolean, false);
    end if;
  end if;
  insert into public.deliverable_decision_mails (decision_id, user_id, locale)
  select p_decision, u.id,
         case when u.raw_user_meta_data ->> 'locale' in ('en', 'sw', 'fr')
              then u.raw_user_meta_data ->> 'locale' else 'en' end
    from auth.users u
   where u.id = any (coalesce(v_people, array[]::uuid[]))
     and u.id is distinct from v_decider
  on conflict (decision_id, user_id) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke execute on function public.queue_decision_mails(bigint) from public, anon, authenticated;
grant execute on function public.queue_decision_mails(bigint) to service_role;

-- ---------------------------------------------------------------------------
-- jobs: work the site owes itself (send the mail outbox, later "ask the payment provider
-- again"), claimed by any number of server processes on any number of machines through
-- claim_jobs() (FOR UPDATE SKIP LOCKED: two claimers never get one row, neither waits for the
-- other). A claim is a lease: a process that dies holding one (SIGKILL, a lost machine) loses
-- it when lease_until passes and another process claims the job again. Only the service role
-- reaches the table and its functions; admins read the dead jobs and queue one again through
-- retry_job(), which checks is_admin() and writes the audit log.
-- Decision record: docs/decisions/015-jobs-queue.md.
-- ---------------------------------------------------------------------------
create table public.jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  idempotency_key text,
  state text not null default 'queued',
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 8,
  last_error text,
  lease_until timestamptz,
  locked_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint jobs_kind_check check (kind ~ '^[a-z][a-z0-9_.]{0,63}$'),
  constraint jobs_state_check check (state in ('queued', 'running', 'done', 'dead')),
  constraint jobs_max_attempts_check check (max_attempts between 1 and 100),
  constraint jobs_idempotency_key_length check (char_length(idempotency_key) <= 200),
  constraint jobs_last_error_length check (char_length(last_error) <= 1000),
  constraint jobs_locked_by_length check (char_length(locked_by) <= 200),
  constraint jobs_payload_size check (pg_column_size(payload) <= 65536)
);

-- One job per (kind, key) where a key is given: enqueueing twice is a no-op.
create unique index jobs_idempotency_idx on public.jobs (kind, idempotency_key)
  where idempotency_key is not null;
create index jobs_due_idx on public.jobs (run_at, id) where state = 'queued';
create index jobs_leases_idx on public.jobs (lease_until) where state = 'running';
create index jobs_dead_idx on public.jobs (updated_at desc, id desc) where state = 'dead';

revoke all on table public.jobs from anon, authenticated;
grant select on table public.jobs to authenticated;
grant all on table public.jobs to service_role;
alter table public.jobs enable row level security;

create policy "Admins can see dead jobs"
  on public.jobs for select to authenticated
  using (state = 'dead' and (select public.is_admin()));

-- Queues a job; with a key already queued (or done) for its kind, returns that job's id.
create or replace function public.enqueue_job(
  p_kind text,
  p_payload jsonb default '{}'::jsonb,
  p_run_at timestamptz default null,
  p_idempotency_key text default null,
  p_max_attempts integer default 8
)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into public.jobs (kind, payload, run_at, idempotency_key, max_attempts)
  values (p_kind, coalesce(p_payload, '{}'::jsonb), coalesce(p_run_at, now()),
          p_idempotency_key, p_max_attempts)
  on conflict (kind, idempotency_key) where idempotency_key is not null do nothing
  returning id into v_id;
  if v_id is null then
    select j.id into v_id from public.jobs j
     where j.kind = p_kind and j.idempotency_key = p_idempotency_key;
  end if;
  return v_id;
end;
$$;

-- Claims up to p_max due jobs of the given kinds for p_worker, for p_lease_seconds. A running
-- job whose lease has expired is due again (its process died); one that has used up its
-- attempts that way is dead instead (a job that kills its process is not retried forever).
create or replace function public.claim_jobs(
  p_worker text,
  p_kinds text[],
  p_max integer,
  p_lease_seconds integer
)
returns setof public.jobs
language plpgsql
set search_path = ''
as $$
begin
  update public.jobs j
     set state = 'dead', lease_until = null, locked_by = null, updated_at = now(),
         last_error = left(coalesce(j.last_error || ' · ', '')
           || 'lease expired on attempt ' || j.attempts || ' (its process stopped)', 1000)
   where j.state = 'running' and j.lease_until < now() and j.attempts >= j.max_attempts
     and j.kind = any (p_kinds);
  return query
  with due as (
    select c.id from public.jobs c
     where c.kind = any (p_kinds)
       and ((c.state = 'queued' and c.run_at <= now())
         or (c.state = 'running' and c.lease_until < now()))
     order by c.run_at, c.id
     limit greatest(0, least(p_max, 1000))
     for update skip locked
  )
  update public.jobs j
     set state = 'running', attempts = j.attempts + 1, locked_by = left(p_worker, 200),
         lease_until = now() + make_interval(secs => greatest(1, least(p_lease_seconds, 3600))),
         updated_at = now()
    from due
   where j.id = due.id
  returning j.*;
end;
$$;

-- Ends claimed jobs: done, or (p_next_run_at given) queued again as a recurring job. Returns
-- the ids p_worker still held (a job missing from it had its lease expire and was claimed by
-- another process). One call per batch: a round trip per job would cost more than most jobs.
create or replace function public.complete_jobs(
  p_worker text,
  p_ids bigint[],
  p_next_run_at timestamptz default null
)
returns setof bigint
language sql
set search_path = ''
as $$
  update public.jobs j
     set state = case when p_next_run_at is null then 'done' else 'queued' end,
         attempts = case when p_next_run_at is null then j.attempts else 0 end,
         run_at = coalesce(p_next_run_at, j.run_at),
         lease_until = null, locked_by = null, last_error = null, updated_at = now()
   where j.id = any (p_ids) and j.state = 'running' and j.locked_by = p_worker
  returning j.id;
$$;

-- A claimed job failed: queued again p_retry_in_seconds from now, or dead once it has used
-- its attempts. Returns the new state, null when p_worker no longer holds the job.
create or replace function public.fail_job(
  p_id bigint,
  p_worker text,
  p_error text,
  p_retry_in_seconds double precision
)
returns text
language sql
set search_path = ''
as $$
  update public.jobs j
     set state = case when j.attempts >= j.max_attempts then 'dead' else 'queued' end,
         run_at = now() + make_interval(secs => greatest(0, least(p_retry_in_seconds, 86400))),
         last_error = left(coalesce(p_error, 'failed'), 1000),
         lease_until = null, locked_by = null, updated_at = now()
   where j.id = p_id and j.state = 'running' and j.locked_by = p_worker
  returning j.state;
$$;

-- Lengthens the leases p_worker still holds (a handler that runs longer than one lease).
create or replace function public.renew_job_leases(
  p_worker text,
  p_ids bigint[],
  p_lease_seconds integer
)
returns integer
language sql
set search_path = ''
as $$
  with renewed as (
    update public.jobs j
       set lease_until = now() + make_interval(secs => greatest(1, least(p_lease_seconds, 3600))),
           updated_at = now()
     where j.id = any (p_ids) and j.state = 'running' and j.locked_by = p_worker
    returning 1
  )
  select count(*)::integer from renewed;
$$;

-- An admin queues a dead job again (with its attempts back to zero); false when the job is not
-- dead (already retried, or never was).
create or replace function public.retry_job(p_id bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators can retry jobs' using errcode = '42501';
  end if;
  update public.jobs j
     set state = 'queued', attempts = 0, run_at = now(), lease_until = null, locked_by = null,
         updated_at = now()
   where j.id = p_id and j.state = 'dead'
  returning j.kind into v_kind;
  if v_kind is null then
    return false;
  end if;
  perform public.append_audit('job.retry', 'job', p_id::text, v_kind);
  return true;
end;
$$;

revoke execute on function public.enqueue_job(text, jsonb, timestamptz, text, integer)
  from public, anon, authenticated;
revoke execute on function public.claim_jobs(text, text[], integer, integer)
  from public, anon, authenticated;
revoke execute on function public.complete_jobs(text, bigint[], timestamptz)
  from public, anon, authenticated;
revoke execute on function public.fail_job(bigint, text, text, double precision)
  from public, anon, authenticated;
revoke execute on function public.renew_job_leases(text, bigint[], integer)
  from public, anon, authenticated;
revoke execute on function public.retry_job(bigint) from public, anon;
grant execute on function public.enqueue_job(text, jsonb, timestamptz, text, integer) to service_role;
grant execute on function public.claim_jobs(text, text[], integer, integer) to service_role;
grant execute on function public.complete_jobs(text, bigint[], timestamptz) to service_role;
grant execute on function public.fail_job(bigint, text, text, double precision) to service_role;
grant execute on function public.renew_job_leases(text, bigint[], integer) to service_role;
grant execute on function public.retry_job(bigint) to authenticated;

-- Analytics kept as daily sums while events are written, bounded, and without salts in the
-- database (issue 40; docs/decisions/011-incremental-analytics-sums.md): each insert updates the
-- sums in its own transaction, at a cost proportional to the visitors it touches, and the
-- reports read sums only. Plain SQL: runs unchanged with `supabase db push` and on PGlite.

-- Salts leave the database (they were in every backup): the site keeps them in memory, shared
-- through the cluster's primary and Redis (app/domain/analytics/salts.server.ts).
drop function if exists public.analytics_salts();
drop table if exists public.analytics_salts;

-- Each visitor's share of a day's sums while the day is open (deleted when analytics_rollup
-- closes it): views = the visitor's events with that value. A row of analytics_daily is the sum
-- of its shares: views added up, visitors = how many. Dimensions: analytics_aggregate's, and
-- `hour` (the UTC hour of views, '00'–'23').
create table public.analytics_visitor_sums (
  day date not null, visitor text not null, dimension text not null, value text not null,
  views integer not null,
  primary key (day, visitor, dimension, value),
  constraint analytics_visitor_sums_views check (views > 0)
);

-- Events stored per open day (the daily budget compares with it). A batch locks its days' rows
-- first, so two batches touching one day take turns and each sees the other's events.
create table public.analytics_day_counts (day date primary key, stored bigint not null default 0);

-- The browsers seen per address and day, for the cap on browsers per address: a hash of the
-- address made with the day's salt (never the address), deleted when the day is closed.
create table public.analytics_addresses (
  day date not null, address text not null, visitor text not null,
  primary key (day, address, visitor),
  constraint analytics_addresses_hashes check (address ~ '^[0-9a-f]{32}$' and visitor ~ '^[0-9a-f]{32}$')
);

-- Events not counted, per day and reason, shown to the admin: a worker's `burst` (a browser over
-- 30 a minute), `overflow` (5 000 held) and `unwritten` (a batch failed twice), the writer's
-- `refused` rows, analytics_record's caps `browsers`, `visitor`, `budget`, and `late` days.
create table public.analytics_dropped (
  day date not null, reason text not null, events bigint not null,
  primary key (day, reason),
  constraint analytics_dropped_reason check (
    reason in ('burst', 'overflow', 'unwritten', 'refused', 'browsers', 'visitor', 'budget', 'late')),
  constraint analytics_dropped_events check (events > 0)
);

-- Batches stored, by the writer's id for each: a batch sent again (its answer lost) is stored
-- once. Kept a day.
create table public.analytics_batches (id text primary key,
  day date not null default ((now() at time zone 'UTC')::date));

-- A visitor's events of a day, found without reading the day.
create index analytics_events_day_visitor_idx
  on public.analytics_events (((at at time zone 'UTC')::date), visitor);

revoke all on table public.analytics_visitor_sums, public.analytics_day_counts,
  public.analytics_addresses, public.analytics_dropped, public.analytics_batches
  from public, anon, authenticated;
grant select on table public.analytics_visitor_sums, public.analytics_day_counts,
  public.analytics_dropped to authenticated;
grant all on table public.analytics_visitor_sums, public.analytics_day_counts,
  public.analytics_addresses, public.analytics_dropped, public.analytics_batches to service_role;
alter table public.analytics_visitor_sums enable row level security;
alter table public.analytics_day_counts enable row level security;
alter table public.analytics_addresses enable row level security;
alter table public.analytics_dropped enable row level security;
alter table public.analytics_batches enable row level security;
create policy "Admins can read visitors' analytics sums" on public.analytics_visitor_sums
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can read analytics day counts" on public.analytics_day_counts
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can read uncounted analytics events" on public.analytics_dropped
  for select to authenticated using ((select public.is_admin()));

-- Computes again the share of each given (day, visitor) from their events of the day (found by
-- index; analytics_record stores at most p_events_per_visitor of them) and applies the
-- difference to analytics_daily.
-- The attributions are analytics_aggregate's, written again per visitor: entry page, source and
-- campaign come from the visitor's earliest view of the day (by time, then id). That function
-- stays, unchanged and no longer called by the site, as the from-scratch reference the property
-- test (test/integration/analytics-sums.test.ts) compares these sums with. Callers hold the
-- days' analytics_day_counts rows. Every statement is planned for the tables as they are now
-- (plan_cache_mode): a plan made while the events table was small must not be kept.
create or replace function public.analytics_resum(p_days date[], p_visitors text[])
returns void language plpgsql volatile security invoker
set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_emptied jsonb;
begin
  -- The old shares leave the sums (rows left at zero go below, once the new shares are in).
  with touched as (
    select distinct t.day, t.visitor from unnest(p_days, p_visitors) as t (day, visitor)
  ),
  old as (
    delete from public.analytics_visitor_sums c using touched t
     where c.day = t.day and c.visitor = t.visitor returning c.day, c.dimension, c.value, c.views
  ),
  less as (
    select o.day, o.dimension, o.value, sum(o.views) as views, count(*) as visitors
      from old o group by o.day, o.dimension, o.value
  ),
  applied as (
    update public.analytics_daily s set views = s.views - less.views, visitors = s.visitors - less.visitors
      from less where s.day = less.day and s.dimension = less.dimension and s.value = less.value
    returning s.day, s.dimension, s.value, s.views
  )
  select coalesce(jsonb_agg(jsonb_build_array(a.day, a.dimension, a.value)), '[]')
    into v_emptied from applied a where a.views = 0;

  with touched as (
    select distinct t.day, t.visitor from unnest(p_days, p_visitors) as t (day, visitor)
  ),
  ev as (
    select e.id, e.at, e.kind, e.path, e.lang, e.goal, e.detail, e.referrer, e.utm_source,
           e.utm_medium, e.utm_campaign, e.country, e.device, t.visitor, t.day as d
      from touched t join public.analytics_events e
        on (e.at at time zone 'UTC')::date = t.day and e.visitor = t.visitor
  ),
  entry as (
    select distinct on (ev.d, ev.visitor) ev.d, ev.visitor, ev.path as entry_page
      from ev where ev.kind = 'view' order by ev.d, ev.visitor, ev.at, ev.id
  ),
  origin as (
    select distinct on (ev.d, ev.visitor) ev.d, ev.visitor,
           coalesce(nullif(ev.utm_source, ''), ev.referrer) as source,
           case when ev.utm_source || ev.utm_medium || ev.utm_campaign = '' then ''
                else concat_ws(' / ', nullif(ev.utm_source, ''), nullif(ev.utm_medium, ''),
                               nullif(ev.utm_campaign, '')) end as campaign
      from ev
     where ev.kind = 'view' and ev.referrer || ev.utm_source || ev.utm_medium || ev.utm_campaign <> ''
     order by ev.d, ev.visitor, ev.at, ev.id
  ),
  tagged as (
    select ev.*, coalesce(o.source, '') as source, coalesce(o.campaign, '') as campaign,
           coalesce(n.entry_page, ev.path) as entry_page
      from ev
      left join origin o on o.d = ev.d and o.visitor = ev.visitor
      left join entry n on n.d = ev.d and n.visitor = ev.visitor
  ),
  v as (select * from tagged where kind = 'view'),
  g as (select * from tagged where kind = 'goal'),
  shares (day, visitor, dimension, value, views) as (
              select d, visitor, 'total', '', count(*) from v group by d, visitor
    union all select d, visitor, 'page', path, count(*) from v group by d, visitor, path
    union all select d, visitor, 'entry', entry_page, count(*) from v group by d, visitor, entry_page
    union all select d, visitor, 'language', lang, count(*) from v group by d, visitor, lang
    union all select d, visitor, 'source', source, count(*) from v group by d, visitor, source
    union all select d, visitor, 'campaign', campaign, count(*)
                from v where campaign <> '' group by d, visitor, campaign
    union all select d, visitor, 'device', device, count(*) from v group by d, visitor, device
    union all select d, visitor, 'country', country, count(*)
                from v where country <> '' group by d, visitor, country
    union all select d, visitor, 'hour', to_char(at at time zone 'UTC', 'HH24'), count(*)
                from v group by d, visitor, to_char(at at time zone 'UTC', 'HH24')
    union all select d, visitor, 'goal', goal || case when detail = '' then '' else ':' || detail end,
                     count(*) from g group by d, visitor, goal, detail
    union all select d, visitor, 'goal_page', goal || E'\t' || entry_page, count(*)
                from g group by d, visitor, goal, entry_page
    union all select d, visitor, 'goal_source', goal || E'\t' || source, count(*)
                from g group by d, visitor, goal, source
  ),
  kept as (
    insert into public.analytics_visitor_sums (day, visitor, dimension, value, views)
    select s.day, s.visitor, s.dimension, s.value, s.views from shares s
    returning day, dimension, value, views
  ),
  more as (
    select k.day, k.dimension, k.value, sum(k.views) as views, count(*) as visitors
      from kept k group by k.day, k.dimension, k.value
  )
  insert into public.analytics_daily as s (day, dimension, value, views, visitors)
  select more.day, more.dimension, more.value, more.views, more.visitors from more
  on conflict (day, dimension, value) do update
    set views = s.views + excluded.views, visitors = s.visitors + excluded.visitors;

  delete from public.analytics_daily s using jsonb_array_elements(v_emptied) as z (k)
   where s.day = (z.k ->> 0)::date and s.dimension = z.k ->> 1 and s.value = z.k ->> 2 and s.views = 0;
end;
$$;

-- Every insert into analytics_events (a batch of the site's, a SQL console's, a test's) keeps
-- the sums of the days still open, in the same transaction: one call per statement, with the
-- statement's rows. Events of closed days are stored but not summed.
create or replace function public.analytics_events_summed()
returns trigger language plpgsql security invoker set search_path = ''
as $$
declare
  v_days date[];
  v_visitors text[];
begin
  -- The days' rows, locked in day order (no deadlock): batches of one day take turns.
  insert into public.analytics_day_counts (day)
  select distinct (n.at at time zone 'UTC')::date from new_events n order by 1 on conflict do nothing;
  perform 1 from public.analytics_day_counts c
   where c.day in (select (n.at at time zone 'UTC')::date from new_events n) order by c.day for update;

  with open_rows as (
    select (n.at at time zone 'UTC')::date as day, n.visitor from new_events n
     where not exists (select 1 from public.analytics_rolled_days r
                        where r.day = (n.at at time zone 'UTC')::date)
  ),
  counted as (
    update public.analytics_day_counts c set stored = c.stored + x.n
      from (select o.day, count(*) as n from open_rows o group by o.day) x where c.day = x.day
  )
  select array_agg(p.day), array_agg(p.visitor) into v_days, v_visitors
    from (select distinct o.day, o.visitor from open_rows o) p;

  if v_days is not null then perform public.analytics_resum(v_days, v_visitors); end if;
  return null;
end;
$$;

create trigger analytics_events_summed after insert on public.analytics_events
  referencing new table as new_events for each statement
  execute function public.analytics_events_summed();

-- Service role only (the site's server): stores batch p_batch once, within the caps, and adds
-- what it did not store (and `p_not_counted`: [{day, reason, events}], the writer's own) to
-- analytics_dropped. An event is a row of analytics_events plus `address`, its address's day
-- hash. Caps, in order: the day open (`late`), p_browsers_per_address visitors per address and
-- day (`browsers`), p_events_per_visitor events per visitor and day (`visitor`), p_day_budget
-- events per day (`budget`). Returns the events per fate ('stored', a reason, or 'repeated').
create or replace function public.analytics_record(
  p_batch text, p_events jsonb, p_not_counted jsonb,
  p_day_budget integer, p_browsers_per_address integer, p_events_per_visitor integer
)
returns table (fate text, events bigint) language plpgsql volatile security invoker
set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_days date[];
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only the site''s server records analytics' using errcode = '42501';
  end if;
  insert into public.analytics_batches (id) select p_batch where p_batch is not null
  on conflict do nothing;
  if p_batch is not null and not found then
    return query select 'repeated', jsonb_array_length(coalesce(p_events, '[]'))::bigint;
    return;
  end if;
  -- The batch's days, locked as the trigger locks them, before the counts are read.
  v_days := array(
    select distinct (x.at at time zone 'UTC')::date
      from jsonb_to_recordset(coalesce(p_events, '[]')) as x (at timestamptz) order by 1);
  insert into public.analytics_day_counts (day) select unnest(v_days) on conflict do nothing;
  perform 1 from public.analytics_day_counts c where c.day = any (v_days) order by c.day for update;

  return query
  with batch as (
    select e.ord, r.*, (r.at at time zone 'UTC')::date as day, e.item ->> 'address' as address
      from jsonb_array_elements(coalesce(p_events, '[]')) with ordinality as e (item, ord)
     cross join lateral jsonb_populate_record(null::public.analytics_events, e.item) as r
  ),
  -- The batch's browsers of each open day and address: those seen before, and newcomers in
  -- the order they arrived while the address has room.
  browsers as (
    select b.day, b.address, b.visitor, min(b.at) as first_at, min(b.ord) as first_ord,
           exists (select 1 from public.analytics_addresses a
                    where a.day = b.day and a.address = b.address and a.visitor = b.visitor) as known
      from batch b
     where not exists (select 1 from public.analytics_rolled_days r where r.day = b.day)
     group by b.day, b.address, b.visitor
  ),
  admitted as (
    select w.day, w.address, w.visitor,
           (select count(*) from (
              select 1 from public.analytics_events e
               where (e.at at time zone 'UTC')::date = w.day and e.visitor = w.visitor
               limit greatest(p_events_per_visitor, 0)) s) as held
      from (select x.*, (select count(*) from public.analytics_addresses a
                          where a.day = x.day and a.address = x.address) as had,
                   row_number() over (partition by x.day, x.address, x.known
                                      order by x.first_at, x.first_ord) as nth
              from browsers x) w
     where w.known or w.nth <= p_browsers_per_address - w.had
  ),
  -- Each event's rank among its visitor's events of the day, then among the day's.
  per_visitor as (
    select b.ord, b.day, b.at, a.visitor is not null as admitted,
           exists (select 1 from browsers x where x.day = b.day) as open,
           coalesce(a.held, 0) + count(*) filter (where a.visitor is not null)
             over (partition by b.day, b.visitor order by b.at, b.ord) as nth
      from batch b
      left join admitted a on a.day = b.day and a.address = b.address and a.visitor = b.visitor
  ),
  fates as (
    select p.ord, p.day,
           case when not p.open then 'late' when not p.admitted then 'browsers'
                when p.nth > p_events_per_visitor then 'visitor'
                when c.stored + count(*) filter (where p.admitted and p.nth <= p_events_per_visitor)
                       over (partition by p.day order by p.at, p.ord) > p_day_budget then 'budget'
                else 'stored' end as fate
      from per_visitor p left join public.analytics_day_counts c on c.day = p.day
  ),
  kept as (select b.* from batch b join fates f on f.ord = b.ord and f.fate = 'stored'),
  stored as (
    insert into public.analytics_events (at, kind, path, lang, goal, detail, referrer,
      utm_source, utm_medium, utm_campaign, country, device, visitor)
    select k.at, k.kind, k.path, k.lang, k.goal, k.detail, k.referrer, k.utm_source,
           k.utm_medium, k.utm_campaign, k.country, k.device, k.visitor from kept k order by k.at, k.ord
  ),
  seen as (
    insert into public.analytics_addresses (day, address, visitor)
    select distinct k.day, k.address, k.visitor from kept k on conflict do nothing
  ),
  dropped as (
    insert into public.analytics_dropped as d (day, reason, events)
    select x.day, x.reason, sum(x.n) from (
      select f.day, f.fate as reason, count(*) as n from fates f
       where f.fate <> 'stored' group by f.day, f.fate
      union all
      select (z ->> 'day')::date, z ->> 'reason', (z ->> 'events')::bigint
        from jsonb_array_elements(coalesce(p_not_counted, '[]')) as z
    ) x group by x.day, x.reason
    on conflict (day, reason) do update set events = d.events + excluded.events
  )
  select f.fate, count(*) from fates f group by f.fate order by f.fate;
end;
$$;

-- Service role only: closes every complete day (ended over an hour ago, so late batches are
-- in) still open — its sums stay as they are, the visitors' shares and address hashes go —
-- and deletes raw events of closed days older than p_retention_days. Safe to run from several
-- workers and instances at once. Returns how many days it closed.
create or replace function public.analytics_rollup(p_retention_days integer default 30)
returns integer language plpgsql volatile security invoker
set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_day date;
  v_count integer := 0;
  v_cutoff date := ((now() - interval '1 hour') at time zone 'UTC')::date;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only the site''s server sums analytics' using errcode = '42501';
  end if;
  for v_day in
    select c.day from public.analytics_day_counts c
     where c.day < v_cutoff and not exists (select 1 from public.analytics_rolled_days r where r.day = c.day)
     order by c.day
  loop
    -- Waits for a batch writing to the day, then closes it: later ones count as `late`.
    perform 1 from public.analytics_day_counts c where c.day = v_day for update;
    insert into public.analytics_rolled_days (day) values (v_day) on conflict do nothing;
    v_count := v_count + (case when found then 1 else 0 end);
    delete from public.analytics_visitor_sums s where s.day = v_day;
    delete from public.analytics_addresses a where a.day = v_day;
  end loop;
  delete from public.analytics_day_counts c
   where exists (select 1 from public.analytics_rolled_days r where r.day = c.day);
  delete from public.analytics_batches b where b.day < v_cutoff - 1;
  -- Only events of closed days go: their numbers stay in analytics_daily.
  delete from public.analytics_events e
   where e.at < now() - make_interval(days => greatest(p_retention_days, 1))
     and exists (select 1 from public.analytics_rolled_days r where r.day = (e.at at time zone 'UTC')::date);
  return v_count;
end;
$$;

-- Reports (admins, with their own session: RLS decides), from the sums only. Days are
-- [p_from, p_to). analytics_report: each dimension's sums over the period (the 200 largest
-- values of each), and `dropped`: the events not counted per reason (views = events).
-- analytics_series: page views and visitors per day, or per UTC hour when p_hourly.
create or replace function public.analytics_report(p_from date, p_to date)
returns table (dimension text, value text, views bigint, visitors bigint)
language sql stable security invoker set search_path = '' set plan_cache_mode = force_custom_plan
as $$
  with sums as (
    select d.dimension, d.value, sum(d.views)::bigint as views, sum(d.visitors)::bigint as visitors
      from public.analytics_daily d
     where d.day >= p_from and d.day < p_to and d.dimension <> 'hour'
     group by d.dimension, d.value
    union all
    select 'dropped', x.reason, sum(x.events)::bigint, 0::bigint from public.analytics_dropped x
     where x.day >= p_from and x.day < p_to group by x.reason
  ),
  ranked as (
    select sums.*, row_number() over (partition by sums.dimension
                                      order by sums.visitors desc, sums.views desc, sums.value) as rank
      from sums
  )
  select ranked.dimension, ranked.value, ranked.views, ranked.visitors
    from ranked where ranked.rank <= 200 order by ranked.dimension, ranked.rank
$$;

create or replace function public.analytics_series(p_from date, p_to date, p_hourly boolean)
returns table (at timestamptz, views bigint, visitors bigint)
language sql stable security invoker set search_path = '' set plan_cache_mode = force_custom_plan
as $$
  select (t.step at time zone 'UTC') as at, coalesce(d.views, 0)::bigint,
         coalesce(d.visitors, 0)::bigint
    from (select case when p_hourly then interval '1 hour' else interval '1 day' end) as s (step)
    cross join generate_series(p_from::timestamp, p_to::timestamp - s.step, s.step) as t (step)
    left join public.analytics_daily d
      on d.day = t.step::date and d.dimension = case when p_hourly then 'hour' else 'total' end
     and d.value = case when p_hourly then to_char(t.step, 'HH24') else '' end
   order by 1
$$;

-- Existing data: the days not summed yet get their counts, shares and sums.
insert into public.analytics_day_counts (day, stored)
select (e.at at time zone 'UTC')::date, count(*) from public.analytics_events e
 where not exists (select 1 from public.analytics_rolled_days r where r.day = (e.at at time zone 'UTC')::date)
 group by 1;
select public.analytics_resum(array_agg(p.day), array_agg(p.visitor))
  from (select distinct c.day, e.visitor from public.analytics_day_counts c
          join public.analytics_events e on (e.at at time zone 'UTC')::date = c.day) p;

-- Internal: the trigger and the migration call these; only the service role could.
revoke execute on function public.analytics_resum(date[], text[]) from public, anon, authenticated;
grant execute on function public.analytics_resum(date[], text[]) to service_role;
revoke execute on function public.analytics_events_summed() from public, anon, authenticated;
grant execute on function public.analytics_events_summed() to service_role;
-- Callable by `authenticated` so the generated types list it (scripts/db-types.ts), yet refused
-- to anyone but the service role by the check above and by the tables' grants.
revoke execute on function public.analytics_record(text, jsonb, jsonb, integer, integer, integer)
  from public, anon;
grant execute on function public.analytics_record(text, jsonb, jsonb, integer, integer, integer)
  to authenticated, service_role;

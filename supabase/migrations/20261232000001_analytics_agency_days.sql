-- Analytics days are the agency's days (issue 44 item 7): a day is the calendar day in
-- AGENCY_TIME_ZONE (Africa/Nairobi by default), as the mails and the admin area tell times —
-- the daily sums, a visitor counted once per day, the caps per day, the hours of a one-day chart
-- and the day a raw event is closed with. The zone is configuration: the site's server sends it
-- with every batch (analytics_record's p_time_zone) and it is kept in analytics_settings, which
-- the trigger, the rollup and the reports read. Each event keeps the day it was counted in
-- (analytics_events.day): events stored before this migration keep their UTC day, so no event is
-- counted twice or lost (docs/analytics.md, "Days"). Plain SQL: `supabase db push` and PGlite.

-- The zone the days are counted in: one row, the last one the site sent.
create table public.analytics_settings (
  id boolean primary key default true check (id),
  time_zone text not null default 'Africa/Nairobi',
  constraint analytics_settings_zone check (
    char_length(time_zone) between 1 and 64
    and (timestamptz '2000-01-01 00:00:00+00' at time zone time_zone) is not null)
);
insert into public.analytics_settings default values;

revoke all on table public.analytics_settings from public, anon, authenticated;
grant select on table public.analytics_settings to authenticated;
grant all on table public.analytics_settings to service_role;
alter table public.analytics_settings enable row level security;
create policy "Admins can read the analytics time zone" on public.analytics_settings
  for select to authenticated using ((select public.is_admin()));

-- The zone days are counted in (the service role and admins read it; anyone else gets the
-- default, and no analytics row to apply it to).
create or replace function public.analytics_time_zone()
returns text language sql stable security invoker set search_path = ''
as $$
  select coalesce((select s.time_zone from public.analytics_settings s), 'Africa/Nairobi')
$$;

-- Each event's day, set when it is stored and never changed: the day its visitor id was made
-- for (the site hashes with that day's salt) and the day its sums are in.
alter table public.analytics_events add column day date;
update public.analytics_events set day = (at at time zone 'UTC')::date;
alter table public.analytics_events alter column day set not null;

-- An insert that names no day (a SQL console's, a test's) gets the agency's day of its time.
create or replace function public.analytics_events_day()
returns trigger language plpgsql security invoker set search_path = ''
as $$
begin
  if new.day is null then
    new.day := (new.at at time zone public.analytics_time_zone())::date;
  end if;
  return new;
end;
$$;

-- Only then: analytics_record names each row's day, so its batches call nothing per row.
create trigger analytics_events_day before insert on public.analytics_events
  for each row when (new.day is null) execute function public.analytics_events_day();

-- A visitor's events of a day, found without reading the day (was: by their UTC day).
drop index if exists public.analytics_events_day_visitor_idx;
create index analytics_events_day_visitor_idx on public.analytics_events (day, visitor);

alter table public.analytics_batches
  alter column day set default ((now() at time zone public.analytics_time_zone())::date);

-- The sums of the raw events in [p_from, p_to) per day (the from-scratch reference the property
-- test compares the kept sums with; the site does not call it): as before, by each event's day.
create or replace function public.analytics_aggregate(
  p_from timestamptz, p_to timestamptz, p_unsummed_only boolean default true
)
returns table (day date, dimension text, value text, views bigint, visitors bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with ev as (
    select e.id, e.at, e.kind, e.path, e.lang, e.goal, e.detail, e.referrer, e.utm_source,
           e.utm_medium, e.utm_campaign, e.country, e.device, e.visitor, e.day as d
      from public.analytics_events e
     where e.at >= p_from and e.at < p_to
       and not (p_unsummed_only and exists (
         select 1 from public.analytics_rolled_days r where r.day = e.day))
  ),
  entry as (
    select distinct on (ev.d, ev.visitor) ev.d, ev.visitor, ev.path as entry_page
      from ev where ev.kind = 'view'
     order by ev.d, ev.visitor, ev.at, ev.id
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
  g as (select * from tagged where kind = 'goal')
  select d, 'total', '', count(*), count(distinct visitor) from v group by d
  union all
  select d, 'page', path, count(*), count(distinct visitor) from v group by d, path
  union all
  select d, 'entry', entry_page, count(*), count(distinct visitor) from v group by d, entry_page
  union all
  select d, 'language', lang, count(*), count(distinct visitor) from v group by d, lang
  union all
  select d, 'source', source, count(*), count(distinct visitor) from v group by d, source
  union all
  select d, 'campaign', campaign, count(*), count(distinct visitor)
    from v where campaign <> '' group by d, campaign
  union all
  select d, 'device', device, count(*), count(distinct visitor) from v group by d, device
  union all
  select d, 'country', country, count(*), count(distinct visitor)
    from v where country <> '' group by d, country
  union all
  select d, 'goal', goal || case when detail = '' then '' else ':' || detail end,
         count(*), count(distinct visitor)
    from g group by d, goal, detail
  union all
  select d, 'goal_page', goal || E'\t' || entry_page, count(*), count(distinct visitor)
    from g group by d, goal, entry_page
  union all
  select d, 'goal_source', goal || E'\t' || source, count(*), count(distinct visitor)
    from g group by d, goal, source
$$;

-- As 20261207000001_analytics_sums.sql, with each event's day, and `hour` the hour of the view
-- in the agency's time zone ('00'–'23').
create or replace function public.analytics_resum(p_days date[], p_visitors text[])
returns void language plpgsql volatile security invoker
set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_emptied jsonb;
  v_zone text := public.analytics_time_zone();
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
      from touched t join public.analytics_events e on e.day = t.day and e.visitor = t.visitor
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
    union all select d, visitor, 'hour', to_char(at at time zone v_zone, 'HH24'), count(*)
                from v group by d, visitor, to_char(at at time zone v_zone, 'HH24')
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

-- As before, by each event's day.
create or replace function public.analytics_events_summed()
returns trigger language plpgsql security invoker set search_path = ''
as $$
declare
  v_days date[];
  v_visitors text[];
begin
  -- The days' rows, locked in day order (no deadlock): batches of one day take turns.
  insert into public.analytics_day_counts (day)
  select distinct n.day from new_events n order by 1 on conflict do nothing;
  perform 1 from public.analytics_day_counts c
   where c.day in (select n.day from new_events n) order by c.day for update;

  with open_rows as (
    select n.day, n.visitor from new_events n
     where not exists (select 1 from public.analytics_rolled_days r where r.day = n.day)
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

-- As 20261207000001_analytics_sums.sql, days in p_time_zone (AGENCY_TIME_ZONE; kept for the
-- trigger, the rollup and the reports when it differs from the one kept; null: the one kept).
-- The site hashes each event with the salt of the same day, so a visitor counts once per
-- agency day.
drop function if exists public.analytics_record(text, jsonb, jsonb, integer, integer, integer);
create or replace function public.analytics_record(
  p_batch text, p_events jsonb, p_not_counted jsonb,
  p_day_budget integer, p_browsers_per_address integer, p_events_per_visitor integer,
  p_time_zone text default null
)
returns table (fate text, events bigint) language plpgsql volatile security invoker
set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_days date[];
  v_zone text := public.analytics_time_zone();
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only the site''s server records analytics' using errcode = '42501';
  end if;
  if p_time_zone is not null and p_time_zone <> v_zone then
    begin
      perform now() at time zone p_time_zone;
    exception when invalid_parameter_value then
      -- Not a refused row (22…, which the writer halves the batch for): no row could be stored.
      raise exception 'Unknown time zone %', p_time_zone using errcode = '42704';
    end;
    update public.analytics_settings set time_zone = p_time_zone;
    v_zone := p_time_zone;
  end if;
  insert into public.analytics_batches (id, day)
  select p_batch, (now() at time zone v_zone)::date where p_batch is not null
  on conflict do nothing;
  if p_batch is not null and not found then
    return query select 'repeated', jsonb_array_length(coalesce(p_events, '[]'))::bigint;
    return;
  end if;
  -- The batch's days, locked as the trigger locks them, before the counts are read.
  v_days := array(
    select distinct (x.at at time zone v_zone)::date
      from jsonb_to_recordset(coalesce(p_events, '[]')) as x (at timestamptz) order by 1);
  insert into public.analytics_day_counts (day) select unnest(v_days) on conflict do nothing;
  perform 1 from public.analytics_day_counts c where c.day = any (v_days) order by c.day for update;

  return query
  with batch as (
    select e.ord, r.at, r.kind, r.path, r.lang, r.goal, r.detail, r.referrer, r.utm_source,
           r.utm_medium, r.utm_campaign, r.country, r.device, r.visitor,
           (r.at at time zone v_zone)::date as day, e.item ->> 'address' as address
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
               where e.day = w.day and e.visitor = w.visitor
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
    insert into public.analytics_events (at, day, kind, path, lang, goal, detail, referrer,
      utm_source, utm_medium, utm_campaign, country, device, visitor)
    select k.at, k.day, k.kind, k.path, k.lang, k.goal, k.detail, k.referrer, k.utm_source,
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

-- As before: a day is complete an hour after the agency's midnight ends it.
create or replace function public.analytics_rollup(p_retention_days integer default 30)
returns integer language plpgsql volatile security invoker
set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_day date;
  v_count integer := 0;
  v_cutoff date := ((now() - interval '1 hour') at time zone public.analytics_time_zone())::date;
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
     and exists (select 1 from public.analytics_rolled_days r where r.day = e.day);
  return v_count;
end;
$$;

-- Page views and visitors per agency day, or per hour of the agency's day when p_hourly: each
-- point's `at` is the instant its day or hour begins (a day of a clock change has 23 or 25).
create or replace function public.analytics_series(p_from date, p_to date, p_hourly boolean)
returns table (at timestamptz, views bigint, visitors bigint)
language sql stable security invoker set search_path = '' set plan_cache_mode = force_custom_plan
as $$
  with z as (select public.analytics_time_zone() as zone),
  points as (
    select h.at, (h.at at time zone z.zone)::date as day, 'hour' as dimension,
           to_char(h.at at time zone z.zone, 'HH24') as value
      from z cross join generate_series(p_from::timestamp at time zone z.zone,
                                        (p_to::timestamp at time zone z.zone) - interval '1 hour',
                                        interval '1 hour') as h (at)
     where p_hourly
    union all
    select (g.day::timestamp at time zone z.zone), g.day::date, 'total', ''
      from z cross join generate_series(p_from::timestamp, p_to::timestamp - interval '1 day',
                                        interval '1 day') as g (day)
     where not p_hourly
  )
  select p.at, coalesce(d.views, 0)::bigint, coalesce(d.visitors, 0)::bigint
    from points p
    left join public.analytics_daily d
      on d.day = p.day and d.dimension = p.dimension and d.value = p.value
   order by 1
$$;

-- Existing data: each event stays in the day it was counted in (its UTC day); the shares of the
-- days still open are made again, so their hours are the agency's hours like every new day's.
select public.analytics_resum(array_agg(p.day), array_agg(p.visitor))
  from (select distinct e.day, e.visitor from public.analytics_events e
         where not exists (select 1 from public.analytics_rolled_days r where r.day = e.day)) p;

revoke execute on function public.analytics_events_day() from public, anon, authenticated;
grant execute on function public.analytics_events_day() to service_role;
revoke execute on function public.analytics_time_zone() from public, anon;
grant execute on function public.analytics_time_zone() to authenticated, service_role;
-- Callable by `authenticated` so the generated types list it (scripts/db-types.ts), yet refused
-- to anyone but the service role by the check above and by the tables' grants.
revoke execute on function public.analytics_record(text, jsonb, jsonb, integer, integer, integer, text)
  from public, anon;
grant execute on function public.analytics_record(text, jsonb, jsonb, integer, integer, integer, text)
  to authenticated, service_role;

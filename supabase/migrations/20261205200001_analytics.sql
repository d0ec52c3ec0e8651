-- First-party, cookie-free analytics (issue 28). The site's server counts page views and goals
-- (app/domain/analytics/), buffers them per worker and writes them in batches through the
-- service role. No row holds an address or anything else that names a person: a visitor is a
-- hash of (the day's secret salt, the site, the address, the browser) whose salt is deleted
-- once its day is over (the Plausible scheme). Days are UTC days. Plain SQL: runs unchanged with
-- `supabase db push` and on the embedded backend.

-- ---------------------------------------------------------------------------
-- Salts: one secret per UTC day, made in the database so every worker and instance hashes a
-- visitor alike; today's and tomorrow's exist, older ones are deleted (analytics_salts).
-- Nobody but the service role reads them.
-- ---------------------------------------------------------------------------
create table public.analytics_salts (
  day date primary key,
  salt text not null,
  constraint analytics_salts_format check (salt ~ '^[0-9a-f]{64}$')
);

revoke all on table public.analytics_salts from public, anon, authenticated;
grant all on table public.analytics_salts to service_role;
alter table public.analytics_salts enable row level security;

-- ---------------------------------------------------------------------------
-- Raw events, kept ANALYTICS_RETENTION_DAYS (default 30) then deleted; complete days are
-- summed into analytics_daily first (analytics_rollup).
-- ---------------------------------------------------------------------------
create table public.analytics_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  kind text not null,
  -- The page's path with its language prefix (`/sw/services`), never its query string.
  path text not null,
  lang text not null,
  -- Goals: contact, quote (detail: the service), signup, newsletter, onboarding.
  goal text not null default '',
  detail text not null default '',
  -- Another site's host that linked here ('' = none or this site), and the campaign's tags.
  referrer text not null default '',
  utm_source text not null default '',
  utm_medium text not null default '',
  utm_campaign text not null default '',
  -- ISO 3166 code from a trusted proxy's header, '' when unknown.
  country text not null default '',
  device text not null,
  -- The day's visitor hash (32 hex digits); its salt is gone after the day.
  visitor text not null,
  constraint analytics_events_kind check (kind in ('view', 'goal')),
  constraint analytics_events_goal check (
    (kind = 'view' and goal = '' and detail = '')
    or (kind = 'goal' and goal in ('contact', 'quote', 'signup', 'newsletter', 'onboarding'))
  ),
  constraint analytics_events_path check (path ~ '^/' and char_length(path) <= 200),
  constraint analytics_events_lang check (lang in ('en', 'sw', 'fr')),
  constraint analytics_events_detail check (char_length(detail) <= 80),
  constraint analytics_events_referrer check (char_length(referrer) <= 253),
  constraint analytics_events_utm check (
    char_length(utm_source) <= 100 and char_length(utm_medium) <= 100
    and char_length(utm_campaign) <= 100
  ),
  constraint analytics_events_country check (country ~ '^([A-Z]{2})?$'),
  constraint analytics_events_device check (device in ('desktop', 'mobile', 'tablet')),
  constraint analytics_events_visitor check (visitor ~ '^[0-9a-f]{32}$')
);

create index analytics_events_at_idx on public.analytics_events (at);

revoke all on table public.analytics_events from public, anon, authenticated;
grant select on table public.analytics_events to authenticated;
grant all on table public.analytics_events to service_role;
grant usage on sequence public.analytics_events_id_seq to service_role;
alter table public.analytics_events enable row level security;
create policy "Admins can read analytics events"
  on public.analytics_events for select to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------
-- Daily sums per dimension (what the reports read for complete days), and which days are in.
-- visitors = distinct visitor hashes of the day: over several days they add up, as a hash
-- lasts one day.
-- ---------------------------------------------------------------------------
create table public.analytics_daily (
  day date not null,
  dimension text not null,
  value text not null,
  views bigint not null,
  visitors bigint not null,
  primary key (day, dimension, value)
);

create table public.analytics_rolled_days (
  day date primary key,
  rolled_at timestamptz not null default now()
);

revoke all on table public.analytics_daily from public, anon, authenticated;
revoke all on table public.analytics_rolled_days from public, anon, authenticated;
grant select on table public.analytics_daily, public.analytics_rolled_days to authenticated;
grant all on table public.analytics_daily, public.analytics_rolled_days to service_role;
alter table public.analytics_daily enable row level security;
alter table public.analytics_rolled_days enable row level security;
create policy "Admins can read analytics sums"
  on public.analytics_daily for select to authenticated
  using ((select public.is_admin()));
create policy "Admins can read which analytics days are summed"
  on public.analytics_rolled_days for select to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------
-- The sums of the raw events in [p_from, p_to) per UTC day (of the days not summed yet unless
-- p_unsummed_only is false):
--   total, page, entry (first page of a visitor's day), language, source (the first other site
--   or utm_source of the visitor's day, '' = direct), campaign, device, country;
--   goal (goal:detail), goal_page (goal, tab, the visitor's entry page or the goal's page),
--   goal_source (goal, tab, the visitor's source).
-- Read with the caller's rights: RLS lets admins (and the service role) see the events.
-- ---------------------------------------------------------------------------
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
           e.utm_medium, e.utm_campaign, e.country, e.device, e.visitor,
           (e.at at time zone 'UTC')::date as d
      from public.analytics_events e
     where e.at >= p_from and e.at < p_to
       and not (p_unsummed_only and exists (
         select 1 from public.analytics_rolled_days r
          where r.day = (e.at at time zone 'UTC')::date))
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

-- ---------------------------------------------------------------------------
-- Service role only (the site's server): the salts of today and tomorrow (made when missing),
-- older ones deleted — a visitor hash of a past day can never be made again.
-- ---------------------------------------------------------------------------
create or replace function public.analytics_salts()
returns table (day date, salt text)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only the site''s server reads analytics salts' using errcode = '42501';
  end if;
  delete from public.analytics_salts s where s.day < v_today;
  insert into public.analytics_salts (day, salt)
  select v_today + offs,
         replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    from (values (0), (1)) as o (offs)
  on conflict do nothing;
  return query select s.day, s.salt from public.analytics_salts s order by s.day;
end;
$$;

-- ---------------------------------------------------------------------------
-- Service role only: sums every complete day (ended over an hour ago, so late batches are in)
-- not summed yet, deletes raw events older than p_retention_days and past salts. Safe to run
-- from several workers and instances at once: a day is claimed by inserting its row.
-- Returns how many days it summed.
-- ---------------------------------------------------------------------------
create or replace function public.analytics_rollup(p_retention_days integer default 30)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
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
    select distinct (e.at at time zone 'UTC')::date
      from public.analytics_events e
     where e.at < (v_cutoff::timestamp at time zone 'UTC')
       and not exists (
         select 1 from public.analytics_rolled_days r
          where r.day = (e.at at time zone 'UTC')::date)
     order by 1
  loop
    insert into public.analytics_rolled_days (day) values (v_day) on conflict do nothing;
    if found then
      -- The day is claimed first (another rollup running now skips it), then summed from all
      -- of its raw events.
      insert into public.analytics_daily (day, dimension, value, views, visitors)
      select a.day, a.dimension, a.value, a.views, a.visitors
        from public.analytics_aggregate(
          v_day::timestamp at time zone 'UTC', (v_day + 1)::timestamp at time zone 'UTC', false
        ) a;
      v_count := v_count + 1;
    end if;
  end loop;
  -- Only events of summed days go: their numbers stay in analytics_daily.
  delete from public.analytics_events e
   where e.at < now() - make_interval(days => greatest(p_retention_days, 1))
     and exists (
       select 1 from public.analytics_rolled_days r
        where r.day = (e.at at time zone 'UTC')::date);
  delete from public.analytics_salts s where s.day < (now() at time zone 'UTC')::date;
  return v_count;
end;
$$;

-- ---------------------------------------------------------------------------
-- Reports (admins, with their own session: RLS decides). Days are [p_from, p_to).
-- analytics_report: each dimension's sums over the period, the 200 largest values of each.
-- analytics_series: page views and visitors per day, or per hour when p_hourly.
-- ---------------------------------------------------------------------------
create or replace function public.analytics_report(p_from date, p_to date)
returns table (dimension text, value text, views bigint, visitors bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with days as (
    select d.day, d.dimension, d.value, d.views, d.visitors
      from public.analytics_daily d
     where d.day >= p_from and d.day < p_to
    union all
    select a.day, a.dimension, a.value, a.views, a.visitors
      from public.analytics_aggregate(
        p_from::timestamp at time zone 'UTC', p_to::timestamp at time zone 'UTC'
      ) a
  ),
  sums as (
    select days.dimension, days.value, sum(days.views)::bigint as views,
           sum(days.visitors)::bigint as visitors
      from days group by days.dimension, days.value
  ),
  ranked as (
    select sums.*, row_number() over (
             partition by sums.dimension order by sums.visitors desc, sums.views desc, sums.value
           ) as rank
      from sums
  )
  select ranked.dimension, ranked.value, ranked.views, ranked.visitors
    from ranked where ranked.rank <= 200
   order by ranked.dimension, ranked.rank
$$;

create or replace function public.analytics_series(p_from date, p_to date, p_hourly boolean)
returns table (at timestamptz, views bigint, visitors bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select (t.bucket at time zone 'UTC') as at,
         count(e.id) filter (where e.kind = 'view') as views,
         count(distinct e.visitor) filter (where e.kind = 'view') as visitors
    from generate_series(
           p_from::timestamp, p_to::timestamp - interval '1 hour', interval '1 hour'
         ) as t (bucket)
    left join public.analytics_events e
      on e.at >= (t.bucket at time zone 'UTC') and e.at < ((t.bucket + interval '1 hour') at time zone 'UTC')
   where p_hourly
   group by t.bucket
  union all
  select (s.day::timestamp at time zone 'UTC') as at, coalesce(sum(s.views), 0)::bigint,
         coalesce(sum(s.visitors), 0)::bigint
    from (
      select g.day::date as day, x.views, x.visitors
        from generate_series(p_from::timestamp, p_to::timestamp - interval '1 day',
                             interval '1 day') as g (day)
        left join (
          select d.day, d.views, d.visitors from public.analytics_daily d
           where d.dimension = 'total' and d.day >= p_from and d.day < p_to
          union all
          select a.day, a.views, a.visitors
            from public.analytics_aggregate(
              p_from::timestamp at time zone 'UTC', p_to::timestamp at time zone 'UTC'
            ) a where a.dimension = 'total'
        ) x on x.day = g.day::date
    ) s
   where not p_hourly
   group by s.day
  order by 1
$$;

revoke execute on function public.analytics_report(date, date) from public, anon;
grant execute on function public.analytics_report(date, date) to authenticated, service_role;
revoke execute on function public.analytics_series(date, date, boolean) from public, anon;
grant execute on function public.analytics_series(date, date, boolean)
  to authenticated, service_role;
revoke execute on function public.analytics_aggregate(timestamptz, timestamptz, boolean) from public, anon;
grant execute on function public.analytics_aggregate(timestamptz, timestamptz, boolean)
  to authenticated, service_role;
-- Callable by `authenticated` so the generated types list them (scripts/db-types.ts), yet
-- refused to anyone but the service role twice: by the check above and by the tables' grants.
revoke execute on function public.analytics_salts() from public, anon;
grant execute on function public.analytics_salts() to authenticated, service_role;
revoke execute on function public.analytics_rollup(integer) from public, anon;
grant execute on function public.analytics_rollup(integer) to authenticated, service_role;

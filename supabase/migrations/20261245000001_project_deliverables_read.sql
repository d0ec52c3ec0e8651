-- A project's deliverables with their versions and decisions in one request (issue 42 item 9;
-- bench/README.md, "The client portal at scale").
--
-- The project pages (the client's, the agency's, the view as client) and the decision export
-- read a project's deliverables, then their versions, then the versions' decisions: three round
-- trips one after the other, each waiting for the ids of the one before. This function answers
-- all three in one statement, one row per version (a deliverable without a version the caller
-- may read gives one row with the version's and decision's columns null), in the page's order:
-- deliverables by position then id, at most 50; each one's versions newest first, at most 50.
--
-- It runs as the caller (security invoker): row-level security decides what each of the three
-- tables shows, as it did for the three reads (a client never sees a draft; another
-- organisation's project gives no rows). Each step goes through an index: the deliverables'
-- (project_id, position), the versions' unique (deliverable_id, number), the decisions' unique
-- (version_id).
create or replace function public.project_deliverables_read(p_project bigint)
returns table (
  deliverable_id bigint,
  deliverable_title text,
  deliverable_note text,
  version_id bigint,
  version_number integer,
  file_path text,
  file_name text,
  file_size bigint,
  file_type text,
  version_note text,
  version_status text,
  uploader_name text,
  created_at timestamptz,
  ready_at timestamptz,
  decision_id bigint,
  decision text,
  reason text,
  decider_name text,
  decider_email text,
  decided_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select d.id, d.title, d.note,
         v.id, v.number, v.file_path, v.file_name, v.file_size, v.file_type, v.note, v.status,
         v.uploader_name, v.created_at, v.ready_at,
         c.id, c.decision, c.reason, c.decider_name, c.decider_email, c.decided_at
    from (select pd.id, pd.title, pd.note, pd.position
            from public.project_deliverables pd
           where pd.project_id = p_project
           order by pd.position, pd.id
           limit 50) d
    left join lateral (
      select dv.*
        from public.deliverable_versions dv
       where dv.deliverable_id = d.id
       order by dv.number desc
       limit 50) v on true
    left join public.deliverable_decisions c on c.version_id = v.id
   order by d.position, d.id, v.number desc;
$$;

revoke execute on function public.project_deliverables_read(bigint) from public, anon;
grant execute on function public.project_deliverables_read(bigint) to authenticated;

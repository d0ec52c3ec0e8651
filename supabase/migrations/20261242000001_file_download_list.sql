-- Who of the client's people downloaded each file, for the agency's Files page of a project
-- (issue 42, item 4; docs/portal.md "Files").
--
-- Every download by the client's people is one `file.downloaded` row of the audit log
-- (20261240000001_file_downloads.sql: target_id is the file's key). public.file_downloads
-- answers, for the files a page lists (their keys), how many times each was downloaded and the
-- latest downloads — who (the account's name, its address) and when — in one query for the whole
-- page, read through an index of those rows by file. Admins only: the audit log is theirs
-- (anyone else gets no rows).

create index audit_log_file_downloads_idx
  on public.audit_log (target_id, created_at desc, id desc)
  where action = 'file.downloaded';

create or replace function public.file_downloads(p_paths text[], p_per_file integer default 20)
returns table (file_path text, downloads bigint, person text, email text, downloaded_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select f.path, n.total,
         coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), a.actor_email, ''),
         coalesce(a.actor_email, u.email, ''),
         a.created_at
    from (select distinct p.path from unnest(p_paths[1:200]) as p(path)) f
    cross join lateral (
      select count(*) as total from public.audit_log c
       where c.action = 'file.downloaded' and c.target_id = f.path
    ) n
    cross join lateral (
      select l.actor_id, l.actor_email, l.created_at from public.audit_log l
       where l.action = 'file.downloaded' and l.target_id = f.path
       order by l.created_at desc, l.id desc
       limit least(greatest(coalesce(p_per_file, 20), 1), 50)
    ) a
    left join auth.users u on u.id = a.actor_id
   where public.is_admin()
   order by f.path, a.created_at desc;
$$;

revoke execute on function public.file_downloads(text[], integer) from public, anon;
grant execute on function public.file_downloads(text[], integer) to authenticated;

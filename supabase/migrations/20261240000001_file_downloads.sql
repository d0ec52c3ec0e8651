-- Every download of a client's file by the client's people, in the audit log (issue 42, item 4;
-- docs/portal.md "Files").
--
-- The site serves a private file (GET /files/<organisation>/<path>) and, before it sends the
-- bytes, calls public.audit_file_download with the file's key as the person downloading it. The
-- function writes one `file.downloaded` entry — who (the session), which file (its name, the
-- project or deliverable it belongs to and the client), when — that the agency reads on
-- /admin/activity. It writes nothing, and answers false, when:
--   * the caller is the agency (an admin or staff): its own downloads are its daily work — each
--     brief opened, each deliverable checked before it is marked ready — and would bury the
--     client's downloads and the admin writes the activity page is for;
--   * the caller may not read the file (the same rule as Storage's read policy: the permission
--     table, and a draft version's file for the agency only), or there is no such file — so
--     nobody writes an entry about a file they could not have downloaded;
--   * the same person's download of the same file is already recorded in the last 10 minutes
--     (a PDF viewer asks for a file in byte ranges, a second click repeats the first: one entry).
-- A preview (an image's `?preview=1`, shown in the Files list) is not a download: the site does
-- not call this for it.

create or replace function public.audit_file_download(p_path text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organisation uuid := public.file_organisation(p_path);
  v_summary text;
begin
  if auth.uid() is null or v_organisation is null or public.viewing_as_client() is not null
     or public.is_admin()
     or exists (select 1 from public.agency_roles r where r.user_id = auth.uid()) then
    return false;
  end if;
  if not public.can('read', 'organisation_file', v_organisation)
     or coalesce(public.deliverable_file_status(p_path), '') = 'draft'
     or not exists (select 1 from storage.objects o
                     where o.bucket_id = 'client-files' and o.name = p_path) then
    return false;
  end if;
  -- One entry per person and file at a time (two byte ranges asked for together).
  perform pg_advisory_xact_lock(hashtext(auth.uid()::text || '|' || p_path));
  if exists (select 1 from public.audit_log a
              where a.created_at > now() - interval '10 minutes'
                and a.action = 'file.downloaded'
                and a.actor_id = auth.uid()
                and a.target_id = p_path) then
    return false;
  end if;
  -- The file's name, with what it belongs to: a project's file or a deliverable's version.
  select f.file_name || ' — ' || p.title || ' — ' || o.name into v_summary
    from public.project_files f
    join public.projects p on p.id = f.project_id
    join public.organisations o on o.id = f.organisation_id
   where f.file_path = p_path;
  if v_summary is null then
    select v.file_name || ' — ' || d.title || ' v' || v.number || ' — ' || p.title
           || ' — ' || o.name into v_summary
      from public.deliverable_versions v
      join public.project_deliverables d on d.id = v.deliverable_id
      join public.projects p on p.id = d.project_id
      join public.organisations o on o.id = v.organisation_id
     where v.file_path = p_path
     limit 1;
  end if;
  if v_summary is null then
    select substr(p_path, length(p_path) - strpos(reverse(p_path), '/') + 2)
           || ' — ' || o.name into v_summary
      from public.organisations o where o.id = v_organisation;
  end if;
  perform public.append_audit('file.downloaded', 'organisations', p_path,
    coalesce(v_summary, p_path));
  return true;
end;
$$;

revoke execute on function public.audit_file_download(text) from public, anon;
grant execute on function public.audit_file_download(text) to authenticated;

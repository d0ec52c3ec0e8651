-- The portal's reads ask the permission table once per statement, not once per row (issue 42,
-- item 9; bench/README.md, "The client portal at scale").
--
-- Every portal table's read policy was `public.can('read', '<entity>', organisation_id)`: a
-- security-definer function (never inlined) that reads the permission table and the caller's
-- roles for every row the scan meets — 15–30 ms of the embedded database's one thread for a
-- project page's 10 messages at 1 000 clients. What can() answers for a row depends on the
-- row's organisation only, so it splits into two questions whose answers are the same for
-- every row of a statement:
--
--   can(a, e, o) = can(a, e, null)                      -- an `any` rule: every organisation
--               or o = any (permitted_organisations(a, e))  -- an `own` rule: these ones
--
-- and each is asked once per statement as an initplan (`(select …)`, the form Supabase advises
-- for auth.uid()); each row then costs a comparison, not a function call. The answers are
-- can()'s exactly: permitted_organisations() asks viewer_roles() about each organisation
-- where the caller holds a role of its own (an assignment, a membership, the organisation an
-- admin views as a client), and a role the caller holds everywhere (anonymous, authenticated,
-- admin) named by an `own` rule stands for every organisation. An admin's view as a client
-- (x-view-as-client, 20261234000001_view_as_client.sql) reads as that organisation's member
-- and writes nothing, as before. can() stays where a row's own state matters: a draft is read
-- only by those who may change it, and that second question is asked the same way.
--
-- Only the read policies change: a write names its rows, and a write's policy meets those only.

-- The organisations in which the caller may do p_action to p_entity through an `own` rule of the
-- permission table (the organisations where public.can(p_action, p_entity, o) holds beyond
-- what public.can(p_action, p_entity, null) answers for every one).
create or replace function public.permitted_organisations(p_action text, p_entity text)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_action <> 'read' and public.viewing_as_client() is not null then array[]::uuid[]
    -- A rule for a role that does not depend on the organisation: every organisation.
    when exists (
      select 1 from public.permissions p
       where p.action = p_action and p.entity = p_entity and p.access = 'own'
         and p.role in ('anonymous', 'authenticated', 'admin')
         and p.role = any (public.viewer_roles(null)))
      then array(select o.id from public.organisations o)
    else array(
      select c.organisation_id
        from (select s.organisation_id from public.staff_assignments s
               where s.user_id = auth.uid()
              union
              select m.organisation_id from public.organisation_members m
               where m.user_id = auth.uid()
              union
              select public.viewing_as_client()) c
       where c.organisation_id is not null
         and exists (
           select 1 from public.permissions p
            where p.action = p_action and p.entity = p_entity and p.access = 'own'
              and p.role = any (public.viewer_roles(c.organisation_id))))
  end;
$$;

revoke execute on function public.permitted_organisations(text, text) from public, anon;
grant execute on function public.permitted_organisations(text, text) to authenticated, service_role;

-- The policy text of "may the caller do p_action to p_entity in the row's organisation
-- (p_column)", in that form. Migrations use it; nobody else may.
create or replace function public.permission_question(p_action text, p_entity text, p_column text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format('((select public.can(%L, %L, null)) or %I = any ((select public.permitted_organisations(%L, %L))::uuid[]))',
    p_action, p_entity, p_column, p_action, p_entity);
$$;

revoke execute on function public.permission_question(text, text, text)
  from public, anon, authenticated, service_role;

-- A new table's policies (20261213000001_projects.sql): its reads in that form too.
create or replace function public.create_permission_policies(p_table text, p_entity text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  op record;
  v_question text;
begin
  for op in select * from (values
      ('read', 'select', 'Read'), ('create', 'insert', 'Added'),
      ('update', 'update', 'Changed'), ('delete', 'delete', 'Removed')
    ) as o(action, command, verb)
  loop
    v_question := case op.action
      when 'read' then public.permission_question(op.action, p_entity, 'organisation_id')
      else format('public.can(%L, %L, organisation_id)', op.action, p_entity)
    end;
    execute format('create policy %I on public.%I for %s to authenticated %s',
      op.verb || ' by the permission table', p_table, op.command,
      case op.command
        when 'insert' then format('with check (%s)', v_question)
        when 'update' then format('using (%s) with check (%s)', v_question, v_question)
        else format('using (%s)', v_question)
      end);
  end loop;
end;
$$;

revoke execute on function public.create_permission_policies(text, text)
  from public, anon, authenticated, service_role;

-- The read policies, each the same question as before.
do $$
declare
  t record;
  v_read text;
begin
  for t in select * from (values
      ('organisations', 'organisation', 'id', false),
      ('organisation_notes', 'organisation_note', 'organisation_id', false),
      ('organisation_members', 'organisation_member', 'organisation_id', false),
      ('staff_assignments', 'staff_assignment', 'organisation_id', false),
      ('organisation_invitations', 'organisation_invitation', 'organisation_id', false),
      ('projects', 'project', 'organisation_id', false),
      ('project_milestones', 'project_milestone', 'organisation_id', false),
      ('project_updates', 'project_update', 'organisation_id', false),
      ('project_notes', 'project_note', 'organisation_id', false),
      ('project_messages', 'project_message', 'organisation_id', false),
      ('project_files', 'project_file', 'organisation_id', false),
      ('project_deliverables', 'project_deliverable', 'organisation_id', false),
      ('deliverable_decisions', 'deliverable_decision', 'organisation_id', false),
      ('deliverable_versions', 'deliverable_version', 'organisation_id', true),
      ('quotes', 'quote', 'organisation_id', true),
      ('invoices', 'invoice', 'organisation_id', true),
      ('payments', 'payment', 'organisation_id', false),
      ('payment_allocations', 'payment_allocation', 'organisation_id', false),
      ('mpesa_pushes', 'mpesa_push', 'organisation_id', false)
    ) as v(tbl, entity, scope_column, drafts)
  loop
    v_read := public.permission_question('read', t.entity, t.scope_column);
    if t.drafts then
      -- A draft: only those who may change it.
      v_read := format('%s and (status <> %L or %s)', v_read, 'draft',
        public.permission_question('update', t.entity, t.scope_column));
    end if;
    execute format('alter policy %I on public.%I using (%s)',
      'Read by the permission table', t.tbl, v_read);
  end loop;
end;
$$;

import { join } from "node:path";
import { openDatabase } from "@jenga/supabase-local/database";

/** How much the portal bench seeds (issue 42 item 9: 1 000 / 10 000 / 100 000 / 100 000). */
export interface PortalScale {
  organisations: number;
  /** Projects per organisation. */
  projectsEach: number;
  /** Messages per project. */
  messagesEach: number;
  /** Deliverables per project; each has `versionsEach` versions (one file each). */
  deliverablesEach: number;
  versionsEach: number;
  /** Contact messages in the agency's inbox (sent without an account). */
  inbox: number;
}

export const ISSUE_SCALE: PortalScale = {
  organisations: 1000,
  projectsEach: 10,
  messagesEach: 10,
  deliverablesEach: 2,
  versionsEach: 5,
  inbox: 5000,
};

/** Where the bench's client looks: its first organisation and that organisation's first project. */
export interface SeededPortal {
  organisationId: string;
  projectId: number;
  counts: Record<string, number>;
  seconds: number;
}

/**
 * Seeds the portal's tables of a stopped backend's data directory in bulk SQL (PGlite opened
 * directly, as `npm run backup` does on a stopped backend): `scale.organisations` clients with
 * their projects, milestones (3 each), client-visible updates (2 each), message threads and
 * deliverables whose versions are files (the last one ready for review, the others with the
 * changes the client asked for); `client` owns the first organisation and is a member of the next
 * two. Triggers are off while it runs (session_replication_role = replica): the rows are
 * consistent by construction, and no mail or job is queued for them. Bodies of files are not
 * written: the pages list versions, they do not read them.
 */
export async function seedPortal(
  dataDir: string,
  client: string,
  scale: PortalScale = ISSUE_SCALE,
): Promise<SeededPortal> {
  const started = performance.now();
  const db = await openDatabase(join(dataDir, "pgdata"));
  const n = (value: number) => String(Math.max(0, Math.floor(value)));
  try {
    await db.exec(`
      begin;
      set local session_replication_role = replica;
      create temp table bench_orgs on commit drop as
        select i, gen_random_uuid() as id from generate_series(1, ${n(scale.organisations)}) i;
      insert into public.organisations (id, name, created_at)
        select id, 'Client ' || i, now() - make_interval(days => i) from bench_orgs;
      insert into public.organisation_members (organisation_id, user_id, role)
        select id, '${client}', case when i = 1 then 'owner' else 'member' end
          from bench_orgs where i <= 3;
      insert into public.projects
          (organisation_id, title, service, status, stage, starts_on, due_on, created_at)
        select o.id, 'Project ' || o.i || '.' || p, 'web-development',
               (array['proposal', 'active', 'on_hold', 'delivered', 'closed'])[1 + p % 5],
               p % 4, current_date - 30, current_date + p, now() - make_interval(hours => p)
          from bench_orgs o, generate_series(1, ${n(scale.projectsEach)}) p;
      insert into public.project_milestones
          (project_id, organisation_id, position, title, due_on, status)
        select p.id, p.organisation_id, m, 'Milestone ' || m, current_date + m * 7,
               (array['done', 'in_progress', 'upcoming'])[m]
          from public.projects p, generate_series(1, 3) m;
      insert into public.project_updates (project_id, organisation_id, body, author_name, created_at)
        select p.id, p.organisation_id, 'We finished step ' || u || ' of ' || p.title || '.',
               'Agency', now() - make_interval(days => 3 - u)
          from public.projects p, generate_series(1, 2) u;
      insert into public.project_messages
          (project_id, organisation_id, body, author_name, author_side, created_at)
        select p.id, p.organisation_id,
               'Message ' || m || ' on ' || p.title || ': see https://example.com/brief/' || m,
               case when m % 2 = 0 then 'Agency' else 'Client' end,
               case when m % 2 = 0 then 'agency' else 'client' end,
               now() - make_interval(mins => 10 * (${n(scale.messagesEach)} - m))
          from public.projects p, generate_series(1, ${n(scale.messagesEach)}) m;
      insert into public.project_deliverables (project_id, organisation_id, position, title, note)
        select p.id, p.organisation_id, d, 'Deliverable ' || d, 'For review'
          from public.projects p, generate_series(1, ${n(scale.deliverablesEach)}) d;
      insert into public.deliverable_versions
          (deliverable_id, organisation_id, number, file_path, file_name, file_size, file_type,
           status, uploader_name, created_at, ready_at)
        select d.id, d.organisation_id, v,
               d.organisation_id || '/deliverables/' || d.id || '/' || v || '/design.pdf',
               'design.pdf', 120000 + v, 'application/pdf',
               case when v = ${n(scale.versionsEach)} then 'ready_for_review'
                    else 'changes_requested' end,
               'Agency', now() - make_interval(days => ${n(scale.versionsEach)} - v),
               now() - make_interval(days => ${n(scale.versionsEach)} - v)
          from public.project_deliverables d, generate_series(1, ${n(scale.versionsEach)}) v;
      insert into public.deliverable_decisions
          (version_id, organisation_id, decision, reason, decider_name, decider_email, decided_at)
        select v.id, v.organisation_id, 'changes_requested', 'Please make the logo larger.',
               'Bench Client', 'client@example.com', v.created_at + interval '1 hour'
          from public.deliverable_versions v where v.status = 'changes_requested';
      insert into public.contact_messages (name, email, message, created_at)
        select 'Visitor ' || i, 'visitor' || i || '@example.com',
               'Hello, we would like a quote for a new website, number ' || i || '.',
               now() - make_interval(mins => i)
          from generate_series(1, ${n(scale.inbox)}) i;
      commit;
      analyze;
    `);
    const first = await db.query<{ organisation_id: string; id: number }>(
      `select p.organisation_id, p.id from public.projects p
         join public.organisation_members m on m.organisation_id = p.organisation_id
        where m.user_id = $1 and m.role = 'owner' order by p.id limit 1`,
      [client],
    );
    const counts: Record<string, number> = {};
    for (const table of [
      "organisations",
      "projects",
      "project_messages",
      "deliverable_versions",
      "deliverable_decisions",
      "project_milestones",
      "contact_messages",
    ]) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from public.${table}`,
      );
      counts[table] = rows[0]?.n ?? 0;
    }
    const row = first.rows[0];
    if (!row) throw new Error("the bench client owns no project");
    return {
      organisationId: row.organisation_id,
      projectId: Number(row.id),
      counts,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
  } finally {
    await db.close();
  }
}

/**
 * The callers of the row-level-security matrix (test/support/rls-matrix.ts) and the rows they
 * are tried on: the seeded database plus three accounts and a row in every table the seed
 * leaves empty. Written as the migration owner, identically on every server.
 */
import type { RequestRole } from "@jenga/supabase-local/testing";
import { moneyFixtureSql } from "./rls-money-fixture.ts";

export const OWNER_ID = "00000000-0000-4000-8000-0000000000a1";
export const OTHER_ID = "00000000-0000-4000-8000-0000000000b2";
export const ADMIN_ID = "00000000-0000-4000-8000-0000000000c3";
/** Agency staff assigned to organisation A; a colleague assigned to B. */
export const STAFF_ID = "00000000-0000-4000-8000-0000000000d4";
export const STAFF_B_ID = "00000000-0000-4000-8000-0000000000d5";
/** Organisation A's owner and member; organisation B's owner. */
export const CLIENT_OWNER_ID = "00000000-0000-4000-8000-0000000000e6";
export const CLIENT_MEMBER_ID = "00000000-0000-4000-8000-0000000000e7";
export const CLIENT_B_OWNER_ID = "00000000-0000-4000-8000-0000000000e8";
/** The callers' organisation (A) and another one (B). */
export const ORG_A = "00000000-0000-4000-8000-00000000a000";
export const ORG_B = "00000000-0000-4000-8000-00000000b000";
/** A project of each (ids set by the fixture, far from the ones a test's inserts are given). */
export const PROJECT_A = 9001;
export const PROJECT_B = 9002;
/** A deliverable of each project, and its latest version (ready for review: v2). */
export const DELIVERABLE_A = 9101;
export const DELIVERABLE_B = 9103;
export const VERSION_A = 9202;
export const VERSION_B = 9205;

/** Claims like those the embedded auth issues (supabase/local/jwt.ts) for an account. */
function signedIn(id: string, email: string, appMetadata: Record<string, unknown>): RequestRole {
  return {
    role: "authenticated",
    claims: {
      sub: id,
      role: "authenticated",
      aud: "authenticated",
      email,
      app_metadata: { provider: "email", providers: ["email"], ...appMetadata },
      user_metadata: {},
    },
  };
}

/** Who calls: the request roles PostgREST would set for each kind of caller. */
export const CALLERS: Record<string, RequestRole> = {
  anon: { role: "anon", claims: { role: "anon" } },
  owner: signedIn(OWNER_ID, "owner@example.com", {}),
  other: signedIn(OTHER_ID, "other@example.com", {}),
  admin: signedIn(ADMIN_ID, "admin@example.com", { is_admin: true }),
  staff: signedIn(STAFF_ID, "staff@example.com", {}),
  client_owner: signedIn(CLIENT_OWNER_ID, "client-owner@example.com", {}),
  client_member: signedIn(CLIENT_MEMBER_ID, "client-member@example.com", {}),
  service_role: { role: "service_role", claims: { role: "service_role" } },
};

/**
 * The owner's contact message comes first (the matrix's insert tries the first row again, so
 * each caller tries to send a message in the owner's name). A draft service, its old slug and a
 * draft post are what only admins may see (a deleted item's old slug, everyone); an analytics row
 * of each table, what only admins may read (and the address hashes and the batch ids, only the
 * service role). The event's insert makes its day's counts and sums (trigger
 * analytics_events_summed). Two client organisations, A (the staff caller is assigned to it, the
 * client callers belong to it) and B (nobody calling has anything to do with it), each with a
 * member row, a note, an invitation, a private file, a project with a milestone, an update
 * and an internal note, a deliverable with two versions and a decision, and a staff assignment:
 * what the callers must never see of B. A also has a draft version its client must not see.
 */
export const FIXTURE_SQL = `
insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data) values
  ('${OWNER_ID}', 'owner@example.com', now(), '{"provider": "email"}'),
  ('${OTHER_ID}', 'other@example.com', now(), '{"provider": "email"}'),
  ('${ADMIN_ID}', 'admin@example.com', now(), '{"provider": "email", "is_admin": true}'),
  ('${STAFF_ID}', 'staff@example.com', now(), '{"provider": "email"}'),
  ('${STAFF_B_ID}', 'staff-b@example.com', now(), '{"provider": "email"}'),
  ('${CLIENT_OWNER_ID}', 'client-owner@example.com', now(), '{"provider": "email"}'),
  ('${CLIENT_MEMBER_ID}', 'client-member@example.com', now(), '{"provider": "email"}'),
  ('${CLIENT_B_OWNER_ID}', 'client-b@example.com', now(), '{"provider": "email"}');

insert into public.agency_roles (user_id, role) values
  ('${STAFF_ID}', 'staff'), ('${STAFF_B_ID}', 'staff');
insert into public.organisations (id, name) values ('${ORG_A}', 'Acme'), ('${ORG_B}', 'Beta');
insert into public.organisation_members (organisation_id, user_id, role) values
  ('${ORG_A}', '${CLIENT_OWNER_ID}', 'owner'),
  ('${ORG_A}', '${CLIENT_MEMBER_ID}', 'member'),
  ('${ORG_B}', '${CLIENT_B_OWNER_ID}', 'owner');
insert into public.staff_assignments (organisation_id, user_id) values
  ('${ORG_A}', '${STAFF_ID}'), ('${ORG_B}', '${STAFF_B_ID}');
insert into public.organisation_notes (organisation_id, body) values
  ('${ORG_A}', 'Pays on time.'), ('${ORG_B}', 'Wants a new logo.');
insert into public.organisation_invitations (organisation_id, email) values
  ('${ORG_A}', 'invited-a@example.com'), ('${ORG_B}', 'invited-b@example.com');

insert into public.projects (id, organisation_id, title, status) overriding system value values
  (${PROJECT_A}, '${ORG_A}', 'New website', 'active'),
  (${PROJECT_B}, '${ORG_B}', 'Logo refresh', 'proposal');
insert into public.project_milestones (project_id, title) values
  (${PROJECT_A}, 'Designs approved'), (${PROJECT_B}, 'Concepts');
insert into public.project_updates (project_id, body) values
  (${PROJECT_A}, 'The designs are ready for you.'), (${PROJECT_B}, 'Concepts next week.');
insert into public.project_notes (project_id, body) values
  (${PROJECT_A}, 'Client is slow to answer.'), (${PROJECT_B}, 'Budget is tight.');

-- Deliverables: A's logo had changes requested on v1 and waits for a decision on v2, and A's
-- home page is a draft the client must not see; B's brand book is like A's logo.
insert into public.project_deliverables (id, project_id, title, note) overriding system value values
  (${DELIVERABLE_A}, ${PROJECT_A}, 'Logo', 'Three concepts'),
  (${DELIVERABLE_A + 1}, ${PROJECT_A}, 'Home page', ''),
  (${DELIVERABLE_B}, ${PROJECT_B}, 'Brand book', '');
insert into public.deliverable_versions
  (id, deliverable_id, file_path, file_name, file_size, file_type, uploaded_by)
  overriding system value values
  (9201, ${DELIVERABLE_A}, '${ORG_A}/deliverables/logo-v1.pdf', 'logo-v1.pdf', 1, 'application/pdf', '${ADMIN_ID}'),
  (9203, ${DELIVERABLE_B}, '${ORG_B}/deliverables/book-v1.pdf', 'book-v1.pdf', 1, 'application/pdf', '${ADMIN_ID}'),
  (9204, ${DELIVERABLE_A + 1}, '${ORG_A}/deliverables/home-v1.pdf', 'home-v1.pdf', 1, 'application/pdf', '${ADMIN_ID}');
select set_config('app.marking_ready', 'on', false);
update public.deliverable_versions set status = 'ready_for_review' where id in (9201, 9203);
insert into public.deliverable_decisions (version_id, decision, reason, decided_by) values
  (9201, 'changes_requested', 'Bigger letters, please.', '${CLIENT_OWNER_ID}'),
  (9203, 'changes_requested', 'Another blue.', '${CLIENT_B_OWNER_ID}');
insert into public.deliverable_versions
  (id, deliverable_id, file_path, file_name, file_size, file_type, uploaded_by)
  overriding system value values
  (${VERSION_A}, ${DELIVERABLE_A}, '${ORG_A}/deliverables/logo-v2.pdf', 'logo-v2.pdf', 1, 'application/pdf', '${ADMIN_ID}'),
  (${VERSION_B}, ${DELIVERABLE_B}, '${ORG_B}/deliverables/book-v2.pdf', 'book-v2.pdf', 1, 'application/pdf', '${ADMIN_ID}');
update public.deliverable_versions set status = 'ready_for_review'
 where id in (${VERSION_A}, ${VERSION_B});
select set_config('app.marking_ready', 'off', false);
insert into public.deliverable_reminders (version_id, user_id) values
  (${VERSION_A}, '${CLIENT_OWNER_ID}');
-- The agency's mail of A's decision, to the admin (20261236000001_decision_mails.sql).
insert into public.deliverable_decision_mails (decision_id, user_id)
select id, '${ADMIN_ID}' from public.deliverable_decisions where version_id = 9201;

-- A thread each: a message of each client (its staff and the admin are owed a notice), when
-- each owner last read it, and a mail of A's thread to the admin.
insert into public.project_messages (project_id, body, author_id) values
  (${PROJECT_A}, 'Here is our brief.', '${CLIENT_OWNER_ID}'),
  (${PROJECT_B}, 'Another blue, please.', '${CLIENT_B_OWNER_ID}');
insert into public.project_message_reads (user_id, project_id) values
  ('${CLIENT_OWNER_ID}', ${PROJECT_A}), ('${CLIENT_B_OWNER_ID}', ${PROJECT_B});
insert into public.project_message_mails (project_id, user_id, from_message, to_message)
select project_id, '${ADMIN_ID}', id, id from public.project_messages where project_id = ${PROJECT_A};

insert into public.contact_messages (name, email, message, user_id) values
  ('Owner', 'owner@example.com', 'A message from the owner of this row.', '${OWNER_ID}'),
  ('Visitor', 'visitor@example.com', 'A message sent without an account.', null),
  ('Other', 'Other@Example.com', 'Sent before the other caller had an account.', null);

insert into public.newsletter_subscribers (email, lang) values ('reader@example.com', 'fr');

insert into public.audit_log (action, target_type, target_id, summary)
  values ('fixture.created', 'fixture', '1', 'written by the test fixture');

insert into public.services
  (slug, position, published, price_min, title, description, long_description, cta)
select 'draft-service', 99, false, price_min, title, description, long_description, cta
  from public.services order by id limit 1;

insert into public.posts (title, published) values ('Draft post', false);

insert into public.content_redirects (entity, old_slug, target_id)
select 'services', 'former-slug', id from public.services order by id limit 1;
insert into public.content_redirects (entity, old_slug, target_id)
select 'services', 'draft-former-slug', id from public.services where slug = 'draft-service';
insert into public.content_redirects (entity, old_slug, target_id)
  values ('portfolio_projects', 'deleted-project', null);

insert into public.analytics_events (kind, path, lang, device, visitor)
  values ('view', '/', 'en', 'mobile', repeat('0f', 16));
insert into public.analytics_daily (day, dimension, value, views, visitors)
  values (current_date - 2, 'page', '/', 3, 2);
insert into public.analytics_rolled_days (day) values (current_date - 2);
insert into public.analytics_addresses (day, address, visitor)
  values (current_date, repeat('ab', 16), repeat('0f', 16));
insert into public.analytics_dropped (day, reason, events) values (current_date, 'budget', 4);
insert into public.analytics_batches (id) values ('00000000-0000-4000-8000-00000000ba7c');
insert into public.webhook_deliveries (hook, delivery_id, source_ip, body)
  values ('example', 'fixture-1', '127.0.0.1', '{"id": "fixture-1"}');
insert into public.jobs (kind, state, attempts, last_error) values
  ('payment.check', 'dead', 8, 'provider answered 503'), ('mail.flush', 'queued', 0, null);

-- Ids in this order: the matrix tries the first row by primary key again (the media image).
insert into storage.objects (id, bucket_id, name, owner, metadata)
  values ('00000000-0000-4000-8000-0000000f0001', 'media',
          'fixture/0123456789abcdef0123456789abcdef/640.webp', '${ADMIN_ID}',
          '{"mimetype": "image/webp", "size": 1}');
insert into storage.objects (id, bucket_id, name, owner, metadata) values
  ('00000000-0000-4000-8000-0000000f0002', 'client-files', '${ORG_A}/brief.pdf',
   '${CLIENT_OWNER_ID}', '{"mimetype": "application/pdf", "size": 1}'),
  ('00000000-0000-4000-8000-0000000f0003', 'client-files', '${ORG_B}/logo.png',
   '${CLIENT_B_OWNER_ID}', '{"mimetype": "image/png", "size": 1}'),
  ('00000000-0000-4000-8000-0000000f0004', 'client-files', '${ORG_A}/deliverables/home-v1.pdf',
   '${ADMIN_ID}', '{"mimetype": "application/pdf", "size": 1}');
-- A project's files (20261233000001_project_files.sql): A's brief from its owner and the
-- agency's design, B's logo.
insert into public.project_files (project_id, file_path, file_name, uploaded_by) values
  (${PROJECT_A}, '${ORG_A}/brief.pdf', 'brief.pdf', '${CLIENT_OWNER_ID}'),
  (${PROJECT_A}, '${ORG_A}/deliverables/home-v1.pdf', 'home-v1.pdf', '${ADMIN_ID}'),
  (${PROJECT_B}, '${ORG_B}/logo.png', 'logo.png', '${CLIENT_B_OWNER_ID}');
-- An unfinished resumable upload of A's owner (20261246000001_resumable_upload_places.sql).
insert into public.resumable_uploads
  (owner_id, project_id, organisation_id, object_name, upload_length) values
  ('${CLIENT_OWNER_ID}', ${PROJECT_A}, '${ORG_A}',
   '${ORG_A}/projects/${PROJECT_A}/00000000-0000-4000-8000-0000000f0005/brief.pdf', 1000);
${moneyFixtureSql({ ORG_A, ORG_B, PROJECT_A, PROJECT_B })}`;

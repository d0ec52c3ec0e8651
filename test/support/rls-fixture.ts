/**
 * The callers of the row-level-security matrix (test/support/rls-matrix.ts) and the rows they
 * are tried on: the seeded database plus three accounts and a row in every table the seed
 * leaves empty. Written as the migration owner, identically on every server.
 */
import type { RequestRole } from "@jenga/supabase-local/testing";

export const OWNER_ID = "00000000-0000-4000-8000-0000000000a1";
export const OTHER_ID = "00000000-0000-4000-8000-0000000000b2";
export const ADMIN_ID = "00000000-0000-4000-8000-0000000000c3";

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
  service_role: { role: "service_role", claims: { role: "service_role" } },
};

/**
 * The owner's contact message comes first (the matrix's insert tries the first row again, so
 * each caller tries to send a message in the owner's name). A draft service, its old slug and a
 * draft post are what only admins may see (a deleted item's old slug, everyone); an analytics row
 * of each table, what only admins may read (and the address hashes and the batch ids, only the
 * service role). The event's insert makes its day's counts and sums (trigger
 * analytics_events_summed).
 */
export const FIXTURE_SQL = `
insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data) values
  ('${OWNER_ID}', 'owner@example.com', now(), '{"provider": "email"}'),
  ('${OTHER_ID}', 'other@example.com', now(), '{"provider": "email"}'),
  ('${ADMIN_ID}', 'admin@example.com', now(), '{"provider": "email", "is_admin": true}');

insert into public.contact_messages (name, email, message, user_id) values
  ('Owner', 'owner@example.com', 'A message from the owner of this row.', '${OWNER_ID}'),
  ('Visitor', 'visitor@example.com', 'A message sent without an account.', null);

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
insert into public.jobs (kind, state, attempts, last_error) values
  ('payment.check', 'dead', 8, 'provider answered 503'), ('mail.flush', 'queued', 0, null);

insert into storage.objects (bucket_id, name, owner, metadata)
  values ('media', 'fixture/0123456789abcdef0123456789abcdef/640.webp', '${ADMIN_ID}',
          '{"mimetype": "image/webp", "size": 1}');
`;

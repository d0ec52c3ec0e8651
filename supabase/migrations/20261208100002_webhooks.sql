-- The webhook lane (docs/decisions/014-webhook-lane.md): every delivery a provider makes to
-- /hooks/<hook>/<secret> is written here, raw, before the site answers 200, so a delivery the
-- site acknowledged is never lost; the provider's own id makes a repeated delivery a no-op.
create table public.webhook_deliveries (
  id bigint generated always as identity primary key,
  -- The hook's name as the URL and HOOK_<NAME>_SECRET spell it (lower case).
  hook text not null check (hook ~ '^[a-z0-9]{1,32}$'),
  -- The provider's id of this delivery (app/domain/hooks/: found in the payload per hook).
  delivery_id text not null check (char_length(delivery_id) between 1 and 200),
  received_at timestamptz not null default now(),
  -- The sender's address as the site's rate limits see it (X-Forwarded-For with TRUST_PROXY).
  source_ip text not null check (char_length(source_ip) between 1 and 64),
  -- The body exactly as received (valid UTF-8 JSON, at most the lane's 16 KB): text, not jsonb,
  -- so a provider's signature over the raw bytes can still be checked later.
  body text not null check (octet_length(body) <= 16384),
  -- Set once the hook's handler has dealt with the delivery; null: still to do.
  processed_at timestamptz,
  unique (hook, delivery_id)
);

-- The oldest deliveries still to process, found without reading the processed ones.
create index webhook_deliveries_unprocessed_idx
  on public.webhook_deliveries (received_at) where processed_at is null;

revoke all on table public.webhook_deliveries from public, anon, authenticated;
grant select on table public.webhook_deliveries to authenticated;
grant all on table public.webhook_deliveries to service_role;
alter table public.webhook_deliveries enable row level security;

-- Only the service role writes (it bypasses RLS); admins may read, nobody else sees a row.
create policy "Admins can read webhook deliveries" on public.webhook_deliveries
  for select to authenticated using ((select public.is_admin()));

-- Quotes and invoices in Kenyan shillings (issue 43; docs/payments.md, decisions 018 and 019).
--
-- Money is integer cents of a shilling everywhere (bigint): no column, function or trigger here
-- uses a float. VAT is per line, in basis points (1600 = 16 %), rounded half away from zero to
-- the cent: vat = sign(net) × floor((|net| × rate + 5000) / 10000). A document's VAT is the sum
-- of its lines' VAT; its total the sum of nets plus that VAT.
--
-- A quote belongs to one client organisation (a lead becomes one before it is quoted). The
-- agency drafts it, sends it, and the client's owners and members accept it (their name typed
-- as a signature, the time and the account recorded) or decline it, until its validity date.
-- Clients never see a draft.
--
-- An invoice is a draft until it is issued: issuing assigns the year's next number (gapless per
-- series and year: the counter row is updated in the issuing transaction, so a rolled-back issue
-- leaves no hole) and freezes the document: its parties, lines and totals never change again; a
-- credit note corrects it. What it has been paid is the sum of its allocations in the payments
-- ledger (20261220000002_payments.sql), kept on the row by that ledger's trigger; its status —
-- draft, issued, partly paid, paid, void — follows; overdue is issued or partly paid past the
-- due date, asked at read time in the agency's time zone.

-- The agency's billing settings: one row.
create table public.billing_settings (
  id boolean primary key default true check (id),
  -- VAT in basis points: 1600 = 16 %, Kenya's standard rate.
  vat_rate_bp integer not null default 1600 check (vat_rate_bp between 0 and 10000),
  -- Invoices are numbered <prefix>-<year>-<0001>; credit notes <prefix>-CN-<year>-<0001>.
  invoice_prefix text not null default 'JD' check (invoice_prefix ~ '^[A-Z]{1,6}$'),
  -- The agency's KRA PIN, printed on every tax invoice (a letter, nine digits, a letter).
  kra_pin text check (kra_pin ~ '^[AP][0-9]{9}[A-Z]$'),
  -- Days from issue to due date, unless the invoice says otherwise.
  payment_days integer not null default 14 check (payment_days between 0 and 365),
  -- Whether a client may pay part of a balance by M-Pesa (the rest stays due).
  partial_payments boolean not null default true,
  -- Part of an accepted quote invoiced at once, in percent (0: no deposit invoice).
  deposit_percent integer not null default 50 check (deposit_percent between 0 and 100),
  updated_at timestamptz not null default now()
);
insert into public.billing_settings default values;

alter table public.billing_settings enable row level security;
revoke all on table public.billing_settings from public, anon, authenticated;
grant select on table public.billing_settings to authenticated;
grant update (vat_rate_bp, invoice_prefix, kra_pin, payment_days, partial_payments, deposit_percent)
  on table public.billing_settings to authenticated;
grant all on table public.billing_settings to service_role;
create policy "The agency reads the billing settings" on public.billing_settings
  for select to authenticated using (public.can('read', 'billing_setting', null));
create policy "Admins change the billing settings" on public.billing_settings
  for update to authenticated
  using (public.can('update', 'billing_setting', null))
  with check (public.can('update', 'billing_setting', null));

create trigger billing_settings_updated_at
  before update on public.billing_settings
  for each row execute function public.set_updated_at();

-- A client's KRA PIN, printed on its tax invoices.
alter table public.organisations
  add column kra_pin text check (kra_pin ~ '^[AP][0-9]{9}[A-Z]$');

-- ---------------------------------------------------------------------------
-- Numbering: one counter per series and year, advanced in the transaction that uses it.
-- ---------------------------------------------------------------------------
create table public.document_counters (
  series text not null check (series in ('invoice', 'credit_note', 'quote')),
  year integer not null check (year between 2000 and 2999),
  last integer not null check (last >= 0),
  primary key (series, year)
);
alter table public.document_counters enable row level security;
revoke all on table public.document_counters from public, anon, authenticated;
grant all on table public.document_counters to service_role;

-- The next number of a series in a year. The upsert takes the counter row's lock: a concurrent
-- issuer waits for this transaction and then sees its number, and a rollback returns it.
create or replace function public.next_document_number(p_series text, p_year integer)
returns integer
language sql
security definer
set search_path = ''
as $$
  insert into public.document_counters as c (series, year, last) values (p_series, p_year, 1)
  on conflict (series, year) do update set last = c.last + 1
  returning last;
$$;
revoke execute on function public.next_document_number(text, integer)
  from public, anon, authenticated, service_role;

-- The agency's "today" as the app sends it (AGENCY_TIME_ZONE is configuration, not data):
-- within a day of the database's, so a wrong clock cannot back-date a document.
create or replace function public.agency_today(p_today date)
returns date
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_today is null or p_today not between current_date - 1 and current_date + 1 then
    raise exception using errcode = '22023', message = 'The date must be today in the agency''s time zone';
  end if;
  return p_today;
end;
$$;
revoke execute on function public.agency_today(date) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Quotes
-- ---------------------------------------------------------------------------
create table public.quotes (
  id bigint generated always as identity primary key,
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  project_id bigint,
  -- The quote request it answers, when it came from the inbox.
  lead_id bigint references public.contact_messages (id) on delete set null,
  -- Q-<year>-<0001>, given when it is sent.
  number text unique,
  title text not null,
  language text not null default 'en' check (language in ('en', 'sw', 'fr')),
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'accepted', 'declined', 'withdrawn')),
  valid_until date not null,
  terms text not null default '' check (char_length(terms) <= 4000),
  -- Part invoiced on acceptance, in percent (0: none).
  deposit_percent integer not null default 50 check (deposit_percent between 0 and 100),
  subtotal_cents bigint not null default 0,
  vat_cents bigint not null default 0,
  total_cents bigint not null default 0,
  sent_at timestamptz,
  decided_at timestamptz,
  decided_by uuid references auth.users (id) on delete set null,
  -- The name the client typed as a signature, or why they declined.
  signature_name text check (char_length(btrim(signature_name)) between 2 and 200),
  decline_reason text check (char_length(decline_reason) <= 2000),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, organisation_id),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete set null (project_id),
  constraint quotes_title check (char_length(btrim(title)) between 1 and 200)
);
create index quotes_organisation_idx on public.quotes (organisation_id, created_at desc);
create index quotes_lead_idx on public.quotes (lead_id) where lead_id is not null;

create trigger quotes_updated_at
  before update on public.quotes
  for each row execute function public.set_updated_at();

-- Lines of quotes and invoices: the same columns, the same rounding.
create table public.quote_lines (
  id bigint generated always as identity primary key,
  quote_id bigint not null,
  organisation_id uuid not null,
  position integer not null default 0,
  description text not null check (char_length(btrim(description)) between 1 and 500),
  quantity integer not null default 1 check (quantity between 1 and 10000),
  -- A negative price is a discount.
  unit_price_cents bigint not null check (unit_price_cents between -100000000000 and 100000000000),
  vat_rate_bp integer not null default 1600 check (vat_rate_bp between 0 and 10000),
  net_cents bigint generated always as (quantity::bigint * unit_price_cents) stored,
  vat_cents bigint generated always as (
    (sign(quantity::numeric * unit_price_cents)
      * div(abs(quantity::numeric * unit_price_cents) * vat_rate_bp + 5000, 10000))::bigint
  ) stored,
  foreign key (quote_id, organisation_id)
    references public.quotes (id, organisation_id) on delete cascade
);
create index quote_lines_quote_idx on public.quote_lines (quote_id, position);
create index quote_lines_organisation_idx on public.quote_lines (organisation_id);

-- ---------------------------------------------------------------------------
-- Invoices and credit notes
-- ---------------------------------------------------------------------------
create table public.invoices (
  id bigint generated always as identity primary key,
  organisation_id uuid not null references public.organisations (id) on delete restrict,
  project_id bigint,
  quote_id bigint references public.quotes (id) on delete set null,
  kind text not null default 'invoice' check (kind in ('invoice', 'credit_note')),
  -- The invoice a credit note corrects.
  credits_invoice_id bigint references public.invoices (id) on delete restrict,
  -- JD-2026-0001 (credit notes JD-CN-2026-0001): given when issued, never reused.
  number text unique,
  number_year integer,
  number_seq integer,
  status text not null default 'draft'
    check (status in ('draft', 'issued', 'partly_paid', 'paid', 'void')),
  language text not null default 'en' check (language in ('en', 'sw', 'fr')),
  currency text not null default 'KES' check (currency = 'KES'),
  title text not null default '' check (char_length(title) <= 200),
  notes text not null default '' check (char_length(notes) <= 4000),
  issue_date date,
  due_date date,
  issued_at timestamptz,
  issued_by uuid references auth.users (id) on delete set null,
  -- The parties as printed, frozen at issue (a later change of name or PIN changes no invoice).
  seller_name text,
  seller_kra_pin text,
  buyer_name text,
  buyer_kra_pin text,
  subtotal_cents bigint not null default 0,
  vat_cents bigint not null default 0,
  total_cents bigint not null default 0,
  -- Kept by the ledger (20261220000002_payments.sql) and by issued credit notes.
  paid_cents bigint not null default 0 check (paid_cents >= 0),
  credited_cents bigint not null default 0 check (credited_cents >= 0),
  -- Reminders before and after the due date (issue 43, item 6).
  reminders boolean not null default true,
  -- KRA eTIMS: what its control unit answers once the invoice is transmitted (later).
  etims_invoice_number text,
  etims_signature text,
  etims_transmitted_at timestamptz,
  void_reason text check (char_length(void_reason) <= 500),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, organisation_id),
  unique (kind, number_year, number_seq),
  foreign key (project_id, organisation_id)
    references public.projects (id, organisation_id) on delete set null (project_id),
  constraint invoices_credit_note check ((kind = 'credit_note') = (credits_invoice_id is not null)),
  constraint invoices_numbered check ((status = 'draft') = (number is null)),
  constraint invoices_dates check (due_date is null or issue_date is null or due_date >= issue_date),
  constraint invoices_covered check (paid_cents + credited_cents <= greatest(total_cents, 0))
);
create index invoices_organisation_idx on public.invoices (organisation_id, created_at desc);
create index invoices_open_idx on public.invoices (due_date) where status in ('issued', 'partly_paid');

create table public.invoice_lines (
  id bigint generated always as identity primary key,
  invoice_id bigint not null,
  organisation_id uuid not null,
  position integer not null default 0,
  description text not null check (char_length(btrim(description)) between 1 and 500),
  quantity integer not null default 1 check (quantity between 1 and 10000),
  unit_price_cents bigint not null check (unit_price_cents between -100000000000 and 100000000000),
  vat_rate_bp integer not null default 1600 check (vat_rate_bp between 0 and 10000),
  -- KRA's tax type of the line (eTIMS: A exempt, B 16 %, C 0 %, D non-VAT, E 8 %).
  tax_type text not null default 'B' check (tax_type in ('A', 'B', 'C', 'D', 'E')),
  -- KRA's item classification code, when the agency has one for the service.
  item_code text check (char_length(item_code) <= 20),
  net_cents bigint generated always as (quantity::bigint * unit_price_cents) stored,
  vat_cents bigint generated always as (
    (sign(quantity::numeric * unit_price_cents)
      * div(abs(quantity::numeric * unit_price_cents) * vat_rate_bp + 5000, 10000))::bigint
  ) stored,
  foreign key (invoice_id, organisation_id)
    references public.invoices (id, organisation_id) on delete cascade
);
create index invoice_lines_invoice_idx on public.invoice_lines (invoice_id, position);
create index invoice_lines_organisation_idx on public.invoice_lines (organisation_id);

create trigger invoices_updated_at
  before update on public.invoices
  for each row execute function public.set_updated_at();

-- A line's organisation is its document's, whatever the writer sent; a document's lines change
-- only while it is a draft.
create or replace function public.document_line_scope()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_status text;
  v_organisation uuid;
begin
  -- (Each branch names its own table's column: a trigger function is compiled per table.)
  if tg_table_name = 'quote_lines' then
    select q.status, q.organisation_id into v_status, v_organisation
      from public.quotes q where q.id = coalesce(new.quote_id, old.quote_id);
  else
    select i.status, i.organisation_id into v_status, v_organisation
      from public.invoices i where i.id = coalesce(new.invoice_id, old.invoice_id);
  end if;
  -- A line added to another client's document is the policy's to refuse, without a word about
  -- that document (the policies check after this trigger).
  if tg_op = 'INSERT' and coalesce(auth.role(), '') <> 'service_role'
     and not public.can('create', case when tg_table_name = 'quote_lines' then 'quote' else 'invoice' end,
                        v_organisation) then
    new.organisation_id := v_organisation;
    return new;
  end if;
  if v_status is not null and v_status <> 'draft' then
    raise exception using errcode = '42501', message = 'Only a draft''s lines change';
  end if;
  if tg_op = 'DELETE' then return old; end if;
  new.organisation_id := v_organisation;
  return new;
end;
$$;
revoke execute on function public.document_line_scope() from public, anon, authenticated, service_role;

create trigger quote_lines_scope
  before insert or update or delete on public.quote_lines
  for each row execute function public.document_line_scope();
create trigger invoice_lines_scope
  before insert or update or delete on public.invoice_lines
  for each row execute function public.document_line_scope();

-- A document's totals are its lines' sums, kept after every change of a line.
create or replace function public.document_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'quote_lines' then
    update public.quotes q set
      subtotal_cents = s.net, vat_cents = s.vat, total_cents = s.net + s.vat
      from (select coalesce(sum(l.net_cents), 0)::bigint as net,
                   coalesce(sum(l.vat_cents), 0)::bigint as vat
              from public.quote_lines l
             where l.quote_id = coalesce(new.quote_id, old.quote_id)) s
     where q.id = coalesce(new.quote_id, old.quote_id);
  else
    update public.invoices i set
      subtotal_cents = s.net, vat_cents = s.vat, total_cents = s.net + s.vat
      from (select coalesce(sum(l.net_cents), 0)::bigint as net,
                   coalesce(sum(l.vat_cents), 0)::bigint as vat
              from public.invoice_lines l
             where l.invoice_id = coalesce(new.invoice_id, old.invoice_id)) s
     where i.id = coalesce(new.invoice_id, old.invoice_id) and i.status = 'draft';
  end if;
  return null;
end;
$$;
revoke execute on function public.document_totals() from public, anon, authenticated, service_role;

create trigger quote_lines_totals
  after insert or update or delete on public.quote_lines
  for each row execute function public.document_totals();
create trigger invoice_lines_totals
  after insert or update or delete on public.invoice_lines
  for each row execute function public.document_totals();

-- An issued document is frozen: its number, parties, dates, lines and totals never change. What
-- still moves: the ledger's sums and the status they give, the reminders switch, eTIMS's answer,
-- and voiding an unpaid invoice. A draft is deleted; an issued invoice never is.
create or replace function public.invoice_frozen()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.status <> 'draft' then
      raise exception using errcode = '42501', message = 'An issued invoice is never deleted';
    end if;
    return old;
  end if;
  if old.status = 'draft' then
    -- Numbers, parties and the status are the issuing function's to set.
    if (new.number, new.number_year, new.number_seq, new.issued_at, new.status)
       is distinct from (old.number, old.number_year, old.number_seq, old.issued_at, old.status)
       and coalesce(current_setting('app.issuing', true), '') <> 'on' then
      raise exception using errcode = '42501', message = 'An invoice is issued by issue_invoice()';
    end if;
    new.organisation_id := old.organisation_id;
    return new;
  end if;
  -- (Its project or quote may be deleted: the link goes, the document stays as it is.)
  if (new.organisation_id, coalesce(new.project_id, old.project_id),
      coalesce(new.quote_id, old.quote_id), new.kind, new.credits_invoice_id,
      new.number, new.number_year, new.number_seq, new.language, new.currency, new.title,
      new.notes, new.issue_date, new.due_date, new.issued_at, new.issued_by, new.seller_name,
      new.seller_kra_pin, new.buyer_name, new.buyer_kra_pin, new.subtotal_cents, new.vat_cents,
      new.total_cents)
     is distinct from
     (old.organisation_id, old.project_id, old.quote_id, old.kind, old.credits_invoice_id,
      old.number, old.number_year, old.number_seq, old.language, old.currency, old.title,
      old.notes, old.issue_date, old.due_date, old.issued_at, old.issued_by, old.seller_name,
      old.seller_kra_pin, old.buyer_name, old.buyer_kra_pin, old.subtotal_cents, old.vat_cents,
      old.total_cents) then
    raise exception using
      errcode = '42501', message = 'An issued invoice never changes: a credit note corrects it';
  end if;
  if new.status = 'void' and old.status <> 'void' then
    if old.paid_cents > 0 then
      raise exception using
        errcode = '23514', message = 'An invoice with payments is corrected by a credit note',
        hint = 'paid';
    end if;
  elsif old.status = 'void' and new.status <> 'void' then
    raise exception using errcode = '42501', message = 'A void invoice stays void';
  elsif new.status <> 'void' then
    -- The status follows the ledger.
    new.status := case
      when new.paid_cents + new.credited_cents >= greatest(new.total_cents, 0) then 'paid'
      when new.paid_cents + new.credited_cents > 0 then 'partly_paid'
      else 'issued' end;
  end if;
  return new;
end;
$$;
revoke execute on function public.invoice_frozen() from public, anon, authenticated, service_role;

create trigger invoices_frozen
  before update or delete on public.invoices
  for each row execute function public.invoice_frozen();

-- Issues a draft: the year's next number in the same transaction, the parties as they are
-- today, the due date (the draft's, or today + the payment days). A credit note reduces the
-- balance of the invoice it corrects (never below nothing) as it is issued.
create or replace function public.issue_invoice(p_invoice bigint, p_today date)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_settings public.billing_settings;
  v_today date := public.agency_today(p_today);
  v_year integer := extract(year from p_today)::integer;
  v_seq integer;
  v_number text;
  v_target public.invoices;
begin
  select i.* into v_invoice from public.invoices i where i.id = p_invoice for update;
  if v_invoice.id is null
     or not (public.can('update', 'invoice', v_invoice.organisation_id)
             or coalesce(auth.role(), '') = 'service_role') then
    raise exception using errcode = 'P0002', message = 'There is no such invoice';
  end if;
  if v_invoice.status <> 'draft' then
    raise exception using errcode = '23514', message = 'This invoice is already issued', hint = 'issued';
  end if;
  if not exists (select 1 from public.invoice_lines l where l.invoice_id = p_invoice) then
    raise exception using errcode = '23514', message = 'An invoice needs at least one line', hint = 'lines';
  end if;
  if v_invoice.total_cents <= 0 then
    raise exception using errcode = '23514', message = 'An invoice''s total is more than nothing', hint = 'total';
  end if;
  select s.* into v_settings from public.billing_settings s;
  if v_invoice.kind = 'credit_note' then
    select i.* into v_target from public.invoices i where i.id = v_invoice.credits_invoice_id for update;
    if v_target.kind <> 'invoice' or v_target.status in ('draft', 'void')
       or v_target.organisation_id <> v_invoice.organisation_id then
      raise exception using errcode = '23514', message = 'A credit note corrects an issued invoice of the same client', hint = 'credits';
    end if;
    if v_invoice.total_cents > v_target.total_cents - v_target.paid_cents - v_target.credited_cents then
      raise exception using errcode = '23514', message = 'A credit note is at most the invoice''s balance', hint = 'total';
    end if;
  end if;
  v_seq := public.next_document_number(v_invoice.kind, v_year);
  v_number := v_settings.invoice_prefix
    || case when v_invoice.kind = 'credit_note' then '-CN-' else '-' end
    || v_year || '-' || lpad(v_seq::text, 4, '0');
  perform set_config('app.issuing', 'on', true);
  update public.invoices i set
    number = v_number, number_year = v_year, number_seq = v_seq, status = 'issued',
    issue_date = v_today,
    due_date = coalesce(i.due_date, v_today + v_settings.payment_days),
    issued_at = now(), issued_by = auth.uid(),
    seller_name = coalesce(i.seller_name, ''), seller_kra_pin = v_settings.kra_pin,
    buyer_name = o.name, buyer_kra_pin = o.kra_pin
    from public.organisations o
   where i.id = p_invoice and o.id = i.organisation_id;
  perform set_config('app.issuing', 'off', true);
  if v_invoice.kind = 'credit_note' then
    update public.invoices i set credited_cents = i.credited_cents + v_invoice.total_cents
     where i.id = v_target.id;
  end if;
  return v_number;
end;
$$;
revoke execute on function public.issue_invoice(bigint, date) from public, anon;
grant execute on function public.issue_invoice(bigint, date) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Sending a quote, and the client's decision
-- ---------------------------------------------------------------------------
create or replace function public.send_quote(p_quote bigint, p_today date)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_quote public.quotes;
  v_today date := public.agency_today(p_today);
  v_number text;
begin
  select q.* into v_quote from public.quotes q where q.id = p_quote for update;
  if v_quote.id is null
     or not (public.can('update', 'quote', v_quote.organisation_id)
             or coalesce(auth.role(), '') = 'service_role') then
    raise exception using errcode = 'P0002', message = 'There is no such quote';
  end if;
  if v_quote.status <> 'draft' then
    raise exception using errcode = '23514', message = 'This quote is already sent', hint = 'sent';
  end if;
  if v_quote.total_cents <= 0 then
    raise exception using errcode = '23514', message = 'A quote''s total is more than nothing', hint = 'total';
  end if;
  if v_quote.valid_until < v_today then
    raise exception using errcode = '23514', message = 'The validity date has passed', hint = 'valid_until';
  end if;
  v_number := 'Q-' || extract(year from v_today)::integer || '-'
    || lpad(public.next_document_number('quote', extract(year from v_today)::integer)::text, 4, '0');
  update public.quotes q set status = 'sent', number = v_number, sent_at = now() where q.id = p_quote;
  return v_number;
end;
$$;
revoke execute on function public.send_quote(bigint, date) from public, anon;
grant execute on function public.send_quote(bigint, date) to authenticated, service_role;

-- The client's owners and members accept (name typed as a signature) or decline (a reason) a
-- sent quote until its validity date. Accepting may open the project and drafts the deposit
-- invoice (one line per VAT rate, the deposit's share of the quote's net, rounded half up);
-- the app issues and mails it. Returns the deposit invoice's id, or null.
create or replace function public.decide_quote(
  p_quote bigint, p_accept boolean, p_name text, p_reason text, p_today date
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_quote public.quotes;
  v_today date := public.agency_today(p_today);
  v_project bigint;
  v_invoice bigint;
begin
  select q.* into v_quote from public.quotes q where q.id = p_quote for update;
  if v_quote.id is null or v_quote.status = 'draft'
     or not public.viewer_roles(v_quote.organisation_id) && array['owner', 'member'] then
    raise exception using errcode = 'P0002', message = 'There is no such quote';
  end if;
  if v_quote.status <> 'sent' then
    raise exception using errcode = '23514', message = 'This quote has already been answered', hint = 'decided';
  end if;
  if v_quote.valid_until < v_today then
    raise exception using errcode = '23514', message = 'This quote has expired', hint = 'expired';
  end if;
  if not p_accept then
    if char_length(btrim(coalesce(p_reason, ''))) = 0 then
      raise exception using errcode = '23514', message = 'A reason is required', hint = 'reason';
    end if;
    update public.quotes q set status = 'declined', decided_at = now(), decided_by = auth.uid(),
      decline_reason = btrim(p_reason)
     where q.id = p_quote;
    return null;
  end if;
  if char_length(btrim(coalesce(p_name, ''))) < 2 then
    raise exception using errcode = '23514', message = 'Type your full name to accept', hint = 'signature';
  end if;
  v_project := v_quote.project_id;
  if v_project is null then
    insert into public.projects (organisation_id, title, status, starts_on)
      values (v_quote.organisation_id, v_quote.title, 'active', v_today)
      returning id into v_project;
  end if;
  update public.quotes q set status = 'accepted', decided_at = now(), decided_by = auth.uid(),
    signature_name = btrim(p_name), project_id = v_project
   where q.id = p_quote;
  if v_quote.deposit_percent > 0 then
    insert into public.invoices (organisation_id, project_id, quote_id, language, title, created_by)
      values (v_quote.organisation_id, v_project, p_quote, v_quote.language, v_quote.title, null)
      returning id into v_invoice;
    insert into public.invoice_lines
      (invoice_id, organisation_id, position, description, quantity, unit_price_cents, vat_rate_bp)
    select v_invoice, v_quote.organisation_id, row_number() over (order by l.vat_rate_bp desc),
           format(case v_quote.language when 'sw' then 'Malipo ya awali %s%% — %s'
                                        when 'fr' then 'Acompte de %s %% — %s'
                                        else 'Deposit %s%% — %s' end,
                  v_quote.deposit_percent, v_quote.number),
           1,
           (sign(sum(l.net_cents)) * div(abs(sum(l.net_cents)) * v_quote.deposit_percent + 50, 100))::bigint,
           l.vat_rate_bp
      from public.quote_lines l
     where l.quote_id = p_quote
     group by l.vat_rate_bp
    having sum(l.net_cents) <> 0;
  end if;
  return v_invoice;
end;
$$;
revoke execute on function public.decide_quote(bigint, boolean, text, text, date) from public, anon;
grant execute on function public.decide_quote(bigint, boolean, text, text, date) to authenticated;

-- ---------------------------------------------------------------------------
-- Who may do what (public.permissions; app/domain/access/permissions.ts says the same)
-- ---------------------------------------------------------------------------
insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'billing_setting', 'any'),
  ('admin', 'update', 'billing_setting', 'any'),
  ('staff', 'read', 'billing_setting', 'any'),

  ('admin', 'read', 'quote', 'any'), ('admin', 'create', 'quote', 'any'),
  ('admin', 'update', 'quote', 'any'), ('admin', 'delete', 'quote', 'any'),
  ('staff', 'read', 'quote', 'own'), ('staff', 'create', 'quote', 'own'),
  ('staff', 'update', 'quote', 'own'),
  ('owner', 'read', 'quote', 'own'), ('member', 'read', 'quote', 'own'),

  ('admin', 'read', 'invoice', 'any'), ('admin', 'create', 'invoice', 'any'),
  ('admin', 'update', 'invoice', 'any'), ('admin', 'delete', 'invoice', 'any'),
  ('staff', 'read', 'invoice', 'own'), ('staff', 'create', 'invoice', 'own'),
  ('staff', 'update', 'invoice', 'own'),
  ('owner', 'read', 'invoice', 'own'), ('member', 'read', 'invoice', 'own');

alter table public.quotes enable row level security;
alter table public.quote_lines enable row level security;
alter table public.invoices enable row level security;
alter table public.invoice_lines enable row level security;
revoke all on table public.quotes, public.quote_lines, public.invoices, public.invoice_lines
  from public, anon, authenticated;
grant select, delete on table public.quotes, public.quote_lines, public.invoices,
  public.invoice_lines to authenticated;
grant insert (organisation_id, project_id, lead_id, title, language, valid_until, terms, deposit_percent),
  update (project_id, title, language, valid_until, terms, deposit_percent)
  on table public.quotes to authenticated;
grant insert (quote_id, position, description, quantity, unit_price_cents, vat_rate_bp),
  update (position, description, quantity, unit_price_cents, vat_rate_bp)
  on table public.quote_lines to authenticated;
grant insert (organisation_id, project_id, quote_id, kind, credits_invoice_id, language, title,
    notes, due_date, seller_name, reminders),
  update (project_id, language, title, notes, due_date, seller_name, reminders, status, void_reason)
  on table public.invoices to authenticated;
grant insert (invoice_id, position, description, quantity, unit_price_cents, vat_rate_bp,
    tax_type, item_code),
  update (position, description, quantity, unit_price_cents, vat_rate_bp, tax_type, item_code)
  on table public.invoice_lines to authenticated;
grant all on table public.quotes, public.quote_lines, public.invoices, public.invoice_lines
  to service_role;

-- Lines follow their document's rules; a client never sees a draft, nor a draft's lines.
select public.create_permission_policies('quotes', 'quote');
select public.create_permission_policies('quote_lines', 'quote');
select public.create_permission_policies('invoices', 'invoice');
select public.create_permission_policies('invoice_lines', 'invoice');

drop policy "Read by the permission table" on public.quotes;
create policy "Read by the permission table" on public.quotes
  for select to authenticated using (
    public.can('read', 'quote', organisation_id)
    and (status <> 'draft' or public.can('update', 'quote', organisation_id)));
drop policy "Read by the permission table" on public.quote_lines;
create policy "Read by the permission table" on public.quote_lines
  for select to authenticated using (
    exists (select 1 from public.quotes q where q.id = quote_id));
drop policy "Read by the permission table" on public.invoices;
create policy "Read by the permission table" on public.invoices
  for select to authenticated using (
    public.can('read', 'invoice', organisation_id)
    and (status <> 'draft' or public.can('update', 'invoice', organisation_id)));
drop policy "Read by the permission table" on public.invoice_lines;
create policy "Read by the permission table" on public.invoice_lines
  for select to authenticated using (
    exists (select 1 from public.invoices i where i.id = invoice_id));

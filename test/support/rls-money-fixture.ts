/**
 * The money rows of the row-level-security fixture (test/support/rls-fixture.ts): for each of
 * organisations A and B a sent quote, an issued invoice, a verified payment partly applied to it
 * and an M-Pesa push; A also holds a draft quote and a draft invoice its client must not see (B a draft invoice too),
 * and nobody's yet is an unmatched Paybill payment (only the agency sees it). Amounts: an
 * invoice of KES 10,000 + 16 % VAT = 1 160 000 cents; each payment KES 2,000, KES 1,000 of it
 * applied, so each invoice has KES 1,000 paid and each payment KES 1,000 left.
 */
export const QUOTE_A = 9301;
export const QUOTE_B = 9303;
export const INVOICE_A = 9401;
export const INVOICE_B = 9403;
export const PAYMENT_A = 9501;
export const PAYMENT_B = 9502;

interface Ids {
  ORG_A: string;
  ORG_B: string;
  PROJECT_A: number;
  PROJECT_B: number;
}

export function moneyFixtureSql({ ORG_A, ORG_B, PROJECT_A, PROJECT_B }: Ids): string {
  return `
insert into public.quotes (id, organisation_id, project_id, title, valid_until)
  overriding system value values
  (${QUOTE_A}, '${ORG_A}', ${PROJECT_A}, 'New website', current_date + 30),
  (${QUOTE_A + 1}, '${ORG_A}', null, 'Hosting', current_date + 30),
  (${QUOTE_B}, '${ORG_B}', ${PROJECT_B}, 'Logo refresh', current_date + 30);
insert into public.quote_lines (quote_id, description, quantity, unit_price_cents) values
  (${QUOTE_A}, 'Design', 1, 1000000), (${QUOTE_A + 1}, 'Hosting', 12, 150000),
  (${QUOTE_B}, 'Logo', 1, 500000);
update public.quotes set status = 'sent', sent_at = now(),
  number = case id when ${QUOTE_A} then 'Q-2026-0001' else 'Q-2026-0002' end
 where id in (${QUOTE_A}, ${QUOTE_B});
insert into public.document_counters (series, year, last) values ('quote', 2026, 2), ('invoice', 2026, 2);

insert into public.invoices (id, organisation_id, project_id, title) overriding system value values
  (${INVOICE_A}, '${ORG_A}', ${PROJECT_A}, 'Deposit'),
  (${INVOICE_A + 1}, '${ORG_A}', null, 'Hosting'),
  (${INVOICE_B}, '${ORG_B}', ${PROJECT_B}, 'Deposit'),
  (${INVOICE_B + 1}, '${ORG_B}', null, 'Hosting');
insert into public.invoice_lines (invoice_id, description, quantity, unit_price_cents) values
  (${INVOICE_A}, 'Design', 1, 1000000), (${INVOICE_A + 1}, 'Hosting', 12, 150000),
  (${INVOICE_B}, 'Logo', 1, 1000000), (${INVOICE_B + 1}, 'Hosting', 12, 150000);
select set_config('app.issuing', 'on', false);
update public.invoices set status = 'issued', issue_date = current_date, due_date = current_date + 14,
  issued_at = now(), number_year = 2026,
  number_seq = case id when ${INVOICE_A} then 1 else 2 end,
  number = case id when ${INVOICE_A} then 'JD-2026-0001' else 'JD-2026-0002' end
 where id in (${INVOICE_A}, ${INVOICE_B});
select set_config('app.issuing', 'off', false);

insert into public.payments
  (id, organisation_id, method, amount_cents, mpesa_receipt, received_at, verified_at)
  overriding system value values
  (${PAYMENT_A}, '${ORG_A}', 'cash', 200000, null, now(), now()),
  (${PAYMENT_B}, '${ORG_B}', 'cash', 200000, null, now(), now()),
  (${PAYMENT_B + 1}, null, 'mpesa_paybill', 50000, 'TKL51ZDR4F', now(), now());
insert into public.payment_allocations (payment_id, invoice_id, organisation_id, amount_cents) values
  (${PAYMENT_A}, ${INVOICE_A}, '${ORG_A}', 100000), (${PAYMENT_B}, ${INVOICE_B}, '${ORG_B}', 100000);
insert into public.billing_mails (kind, invoice_id, email, locale)
  values ('invoice_issued', ${INVOICE_A}, 'client-owner@example.com', 'en');
insert into public.invoice_reminders (invoice_id, stage, given_on)
  values (${INVOICE_A}, 'before', current_date);
insert into public.paybill_status_queries (conversation_id, payment_id)
  values ('AG_20261129_0000fixture', ${PAYMENT_B + 1});
insert into public.mpesa_pushes
  (invoice_id, organisation_id, phone, amount_cents, account_reference, status)
  values (${INVOICE_A}, '${ORG_A}', '254708374149', 100000, 'JD20260001', 'failed'),
         (${INVOICE_B}, '${ORG_B}', '254708374150', 100000, 'JD20260002', 'failed');
`;
}

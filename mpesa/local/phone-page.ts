/**
 * The phone page (`/phone`): the prompts a customer's phone would show, with the answers a
 * customer can give, the recent results, and a "Pay by Paybill" form. Plain HTML, no script:
 * every button is a POST form that redirects back (303).
 */
import { type PaybillInput, payByPaybill, type StandInCore } from "./core.ts";
import type { Incoming, Outgoing } from "./http.ts";
import type { Push } from "./stk.ts";
import { DarajaError, type ResultCode } from "./wire.ts";

/** The buttons of a prompt and the result code each gives. */
export const PHONE_ANSWERS: { name: string; label: string; code: ResultCode }[] = [
  { name: "pin", label: "Enter PIN", code: 0 },
  { name: "cancel", label: "Cancel", code: 1032 },
  { name: "wrong-pin", label: "Wrong PIN", code: 2001 },
  { name: "no-funds", label: "Insufficient funds", code: 1 },
  { name: "timeout", label: "Let it time out", code: 1037 },
];

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const kes = (amount: number) => `KES ${amount.toLocaleString("en-KE")}`;

function prompt(push: Push, base: string): string {
  const { amount, partyB, accountReference, phone } = push.request;
  const buttons = PHONE_ANSWERS.map(
    (a) => `<button name="answer" value="${a.name}">${escapeHtml(a.label)}</button>`,
  ).join(" ");
  return `<li class="prompt"><p><small>${escapeHtml(phone)}</small></p>
<p><strong>Pay ${kes(amount)} to ${escapeHtml(partyB)}, account ${escapeHtml(accountReference)}? Enter M-Pesa PIN</strong></p>
<form method="post" action="${base}/phone/answer"><input type="hidden" name="id" value="${escapeHtml(push.checkoutRequestId)}">${buttons}</form></li>`;
}

function results(core: StandInCore): string {
  const pushes = core.stk
    .list()
    .filter((p) => p.status === "resolved")
    .slice(0, 20)
    .map(
      (p) =>
        `<li>${escapeHtml(p.resolvedAt ?? "")}: ${kes(p.request.amount)} from ${escapeHtml(p.request.phone)}, account ${escapeHtml(p.request.accountReference)}: ${p.resultCode} ${escapeHtml(p.resultDesc ?? "")}${p.receipt ? `, receipt <strong>${escapeHtml(p.receipt)}</strong>` : ""}</li>`,
    );
  const payments = core.c2b
    .payments()
    .slice(0, 20)
    .map(
      (p) =>
        `<li>${escapeHtml(p.createdAt)}: Paybill ${escapeHtml(p.shortcode)}, account ${escapeHtml(p.billRefNumber)}: ${kes(p.amount)}, receipt <strong>${escapeHtml(p.transId)}</strong> (${escapeHtml(p.status)})</li>`,
    );
  const list = (items: string[], empty: string) =>
    items.length ? `<ul>${items.join("")}</ul>` : `<p>${empty}</p>`;
  return `<h2>Recent M-Pesa Express results</h2>${list(pushes, "None yet.")}
<h2>Recent Paybill payments</h2>${list(payments, "None yet.")}`;
}

function paybillForm(base: string, values: PaybillInput, error?: string): string {
  const field = (name: keyof PaybillInput, label: string, mode: string) =>
    `<p><label>${label}<br><input name="${name}" inputmode="${mode}" value="${escapeHtml(String(values[name]))}" required></label></p>`;
  return `<h2>Pay by Paybill</h2>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${base}/phone/paybill">
${field("paybill", "Paybill number", "numeric")}${field("account", "Account number", "text")}${field("amount", "Amount (KES)", "numeric")}${field("phone", "Phone number", "tel")}
<p><button>Pay</button></p></form>`;
}

export function renderPhonePage(
  core: StandInCore,
  base: string,
  form?: { values: PaybillInput; error: string },
): string {
  const pending = core.stk.list().filter((p) => p.status === "pending");
  const prompts = pending.length
    ? `<ul class="prompts">${pending.map((p) => prompt(p, base)).join("")}</ul>`
    : "<p>No prompt is waiting. Start a payment on the site, then reload this page.</p>";
  const values = form?.values ?? { paybill: core.paybill, account: "", amount: "", phone: "" };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Phone — local Daraja stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem;line-height:1.4}
.prompt{border:1px solid #888;border-radius:.5rem;padding:.5rem 1rem;margin:.5rem 0;list-style:none}
button{min-height:44px;margin:.25rem .25rem .25rem 0}.error{color:#a00}ul.prompts{padding:0}</style></head>
<body><h1>Phone (local Daraja stand-in)</h1>
<p><a href="${base}/phone">Reload</a></p>
<h2>Prompts</h2>${prompts}
${paybillForm(base, values, form?.error)}
${results(core)}
</body></html>`;
}

const see = (location: string): Outgoing => ({
  status: 303,
  headers: { Location: location, "Cache-Control": "no-store" },
  body: "",
});

/** `/phone`, `/phone/answer`, `/phone/paybill`; undefined for other paths. */
export function handlePhone(
  request: Incoming,
  core: StandInCore,
  base: string,
): Outgoing | undefined {
  const page = (status: number, form?: { values: PaybillInput; error: string }): Outgoing => ({
    status,
    headers: HEADERS,
    body: renderPhonePage(core, base, form),
  });
  const { method, path } = request;
  if (path === "/phone" || path === "/phone/") {
    return method === "GET" || method === "HEAD" ? page(200) : undefined;
  }
  if (method !== "POST") return undefined;
  const form = new URLSearchParams(request.body);
  if (path === "/phone/answer") {
    const answer = PHONE_ANSWERS.find((a) => a.name === form.get("answer"));
    const push = core.stk.get(form.get("id") ?? "");
    // A prompt answered twice (a second tab): the first answer stands.
    if (answer && push?.status === "pending")
      core.stk.resolve(push.checkoutRequestId, answer.code, "phone");
    return see(`${base}/phone`);
  }
  if (path === "/phone/paybill") {
    const values: PaybillInput = {
      paybill: form.get("paybill") ?? "",
      account: form.get("account") ?? "",
      amount: form.get("amount") ?? "",
      phone: form.get("phone") ?? "",
    };
    try {
      payByPaybill(core, values);
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      return page(400, { values, error: error.message });
    }
    return see(`${base}/phone`);
  }
  return undefined;
}

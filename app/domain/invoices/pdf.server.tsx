import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import type { ComponentProps } from "react";
import { longDate } from "~/i18n/format";
import type { MessageKey, Values } from "~/i18n/messages";
import { translate } from "~/i18n/translate.server";
import type { InvoiceDocument } from "./document";
import { statusKey, titleKey } from "./labels";
import { formatCents, formatRate } from "./money";
import { loadPdfFonts } from "./pdf-fonts.server";
import { styles } from "./pdf-styles.server";

/**
 * An invoice, credit note or quote as a PDF, rendered on the server with @react-pdf/renderer in
 * the document's language: what the invoice page shows, in print. Local fonts only, no network
 * (pdf-fonts.server.ts). Text is drawn as text, never parsed: a description holding markup or
 * script prints as typed.
 */

/** A row stays on one page unless its description is longer than this (it could fill one). */
const LONG_LINE = 400;

type Style = ComponentProps<typeof View>["style"];

type Say = (key: MessageKey, values?: Values) => string;

/**
 * French amounts and rates group digits with a narrow no-break space (U+202F), a glyph Noto
 * Sans' web subsets lack: the PDF prints a no-break space instead.
 */
const printable = (text: string) => text.replaceAll("\u202f", "\u00a0");

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.factLabel}>{label}</Text>
      <Text style={styles.bold}>{value}</Text>
    </View>
  );
}

function Header({ doc, say }: { doc: InvoiceDocument; say: Say }) {
  const { agency } = doc;
  const date = (iso: string) => longDate(iso, doc.language);
  return (
    <View style={styles.header}>
      <View style={styles.party}>
        <Text style={styles.agencyName}>{agency.name}</Text>
        {agency.address.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: address lines are printed in order, never reordered
          <Text key={i}>{line}</Text>
        ))}
        <Text>{say("invoiceDocument.kraPin", { pin: agency.kraPin })}</Text>
        <Text style={styles.muted}>{say("invoiceDocument.phone", { phone: agency.phone })}</Text>
        <Text style={styles.muted}>{agency.email}</Text>
      </View>
      <View style={styles.titleBlock}>
        <Text style={styles.title}>{say(titleKey(doc.kind))}</Text>
        <Fact label={say("invoiceDocument.number")} value={doc.number} />
        <Fact label={say("invoiceDocument.issueDate")} value={date(doc.issueDate)} />
        {doc.dueDate ? (
          <Fact
            label={say(
              doc.kind === "quote" ? "invoiceDocument.validUntil" : "invoiceDocument.dueDate",
            )}
            value={date(doc.dueDate)}
          />
        ) : null}
        <Text style={styles.status}>{say(statusKey(doc))}</Text>
      </View>
    </View>
  );
}

function ClientBlock({ doc, say }: { doc: InvoiceDocument; say: Say }) {
  const { client } = doc;
  return (
    <View style={styles.client}>
      <Text style={styles.sectionLabel}>
        {say(doc.kind === "quote" ? "invoiceDocument.quoteFor" : "invoiceDocument.billTo")}
      </Text>
      <Text style={styles.bold}>{client.organisation}</Text>
      {client.contact ? <Text>{client.contact}</Text> : null}
      {client.address.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines are printed in order, never reordered
        <Text key={i}>{line}</Text>
      ))}
      {client.email ? <Text style={styles.muted}>{client.email}</Text> : null}
      <Text>
        {client.kraPin
          ? say("invoiceDocument.kraPin", { pin: client.kraPin })
          : say("invoiceDocument.noKraPin")}
      </Text>
    </View>
  );
}

function Lines({ doc, say }: { doc: InvoiceDocument; say: Say }) {
  const money = (cents: number) => printable(formatCents(cents, doc.language));
  return (
    <View>
      <View style={styles.tableHead}>
        <Text style={styles.description}>{say("invoiceDocument.columns.description")}</Text>
        <Text style={styles.quantity}>{say("invoiceDocument.columns.quantity")}</Text>
        <Text style={styles.unitPrice}>{say("invoiceDocument.columns.unitPrice")}</Text>
        <Text style={styles.vatRate}>{say("invoiceDocument.columns.vatRate")}</Text>
        <Text style={styles.vat}>{say("invoiceDocument.columns.vat")}</Text>
        <Text style={styles.amount}>{say("invoiceDocument.columns.amount")}</Text>
      </View>
      {doc.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are printed in their stored order
        <View key={i} style={styles.row} wrap={line.description.length > LONG_LINE}>
          <Text style={styles.description}>{line.description}</Text>
          <Text style={styles.quantity}>{String(line.quantity)}</Text>
          <Text style={styles.unitPrice}>{money(line.unitPriceCents)}</Text>
          <Text style={styles.vatRate}>{printable(formatRate(line.vatRateBp, doc.language))}</Text>
          <Text style={styles.vat}>{money(line.vatCents)}</Text>
          <Text style={styles.amount}>{money(line.netCents)}</Text>
        </View>
      ))}
    </View>
  );
}

function Row({
  label,
  value,
  style = styles.totalRow,
}: {
  label: string;
  value: string;
  style?: Style;
}) {
  return (
    <View style={style}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </View>
  );
}

function TotalsBlock({ doc, say }: { doc: InvoiceDocument; say: Say }) {
  const money = (cents: number) => printable(formatCents(cents, doc.language));
  const { totals } = doc;
  const invoice = doc.kind === "invoice";
  return (
    <View style={styles.totals} wrap={false}>
      <Row label={say("invoiceDocument.subtotal")} value={money(totals.subtotalCents)} />
      {totals.vat.map((rate) => (
        <Row
          key={rate.rateBp}
          label={say("invoiceDocument.vatAt", {
            rate: formatRate(rate.rateBp, doc.language),
            base: money(rate.netCents),
          })}
          value={money(rate.vatCents)}
        />
      ))}
      <Row
        style={styles.grandTotal}
        label={say(
          doc.kind === "credit_note" ? "invoiceDocument.totalCredited" : "invoiceDocument.total",
        )}
        value={money(totals.totalCents)}
      />
      {invoice ? <Row label={say("invoiceDocument.paid")} value={money(doc.paidCents)} /> : null}
      {invoice ? (
        <Row
          style={styles.balance}
          label={say(
            doc.balanceCents < 0 ? "invoiceDocument.credit" : "invoiceDocument.balanceDue",
          )}
          value={money(Math.abs(doc.balanceCents))}
        />
      ) : null}
    </View>
  );
}

function Payments({ doc, say }: { doc: InvoiceDocument; say: Say }) {
  if (doc.payments.length === 0) return null;
  return (
    <View style={styles.block} wrap={false}>
      <Text style={styles.sectionLabel}>{say("invoiceDocument.paymentsReceived")}</Text>
      {doc.payments.map((p) => (
        <Row
          key={`${p.reference}:${p.receivedAt}`}
          label={say("invoiceDocument.paymentLine", {
            date: longDate(p.receivedAt, doc.language),
            method: p.method,
            reference: p.reference,
          })}
          value={printable(formatCents(p.amountCents, doc.language))}
        />
      ))}
    </View>
  );
}

function Instructions({ doc, say }: { doc: InvoiceDocument; say: Say }) {
  if (!doc.payment) return null;
  return (
    <View style={styles.box} wrap={false}>
      <Text style={styles.pay}>
        {say("invoiceDocument.payBy", {
          paybill: doc.payment.paybill,
          account: doc.payment.account,
        })}
      </Text>
      <Text style={styles.muted}>{say("invoiceDocument.payHint")}</Text>
    </View>
  );
}

function Words({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <View style={styles.block}>
      <Text style={styles.sectionLabel}>{label}</Text>
      <Text>{text}</Text>
    </View>
  );
}

/** The document as react-pdf elements (exported for a preview; renderInvoicePdf renders it). */
export function InvoicePdf({ doc }: { doc: InvoiceDocument }) {
  const say: Say = (key, values) => printable(translate(doc.language, key, values));
  const title = say(titleKey(doc.kind));
  return (
    <Document
      title={`${title} ${doc.number}`}
      author={doc.agency.name}
      creator={doc.agency.name}
      producer={doc.agency.name}
      language={doc.language}
    >
      <Page size="A4" style={styles.page}>
        <Text
          style={styles.runningHead}
          fixed
          render={({ pageNumber }) =>
            pageNumber > 1 ? `${doc.agency.name} · ${title} ${doc.number}` : ""
          }
        />
        <Header doc={doc} say={say} />
        {doc.corrects ? (
          <Text style={styles.corrects}>
            {say("invoiceDocument.corrects", { number: doc.corrects })}
          </Text>
        ) : null}
        <ClientBlock doc={doc} say={say} />
        <Lines doc={doc} say={say} />
        <TotalsBlock doc={doc} say={say} />
        <Payments doc={doc} say={say} />
        <Instructions doc={doc} say={say} />
        <Words label={say("invoiceDocument.notes")} text={doc.notes} />
        <Words label={say("invoiceDocument.terms")} text={doc.terms} />
        <Text style={styles.footer} fixed>
          {`${doc.agency.name} · ${say("invoiceDocument.currency")}`}
        </Text>
        {/* On its own: react-pdf drops a fixed view holding a render function. */}
        <Text
          style={styles.pageNumber}
          fixed
          render={({ pageNumber, totalPages }) =>
            say("invoiceDocument.page", { page: pageNumber, pages: totalPages })
          }
        />
      </Page>
    </Document>
  );
}

/** The document with every text people typed made printable (loadPdfFonts). */
function printableDocument(doc: InvoiceDocument, print: (text: string) => string): InvoiceDocument {
  const maybe = (text: string | null) => (text === null ? null : print(text));
  const { agency, client } = doc;
  return {
    ...doc,
    number: print(doc.number),
    corrects: maybe(doc.corrects),
    agency: {
      name: print(agency.name),
      address: agency.address.map(print),
      kraPin: print(agency.kraPin),
      phone: print(agency.phone),
      email: print(agency.email),
    },
    client: {
      organisation: print(client.organisation),
      contact: maybe(client.contact),
      address: client.address.map(print),
      kraPin: maybe(client.kraPin),
      email: maybe(client.email),
    },
    lines: doc.lines.map((line) => ({ ...line, description: print(line.description) })),
    payments: doc.payments.map((p) => ({
      ...p,
      method: print(p.method),
      reference: print(p.reference),
    })),
    payment: doc.payment && {
      paybill: print(doc.payment.paybill),
      account: print(doc.payment.account),
    },
    notes: maybe(doc.notes),
    terms: maybe(doc.terms),
  };
}

/** The PDF's file name for a download or a mail attachment: `JD-2026-0001.pdf`. */
export function pdfFileName(doc: Pick<InvoiceDocument, "number">): string {
  return `${doc.number.replace(/[^A-Za-z0-9-]/g, "_") || "document"}.pdf`;
}

/** The PDF's bytes (`%PDF-` … `%%EOF`). */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const print = await loadPdfFonts();
  const buffer = await renderToBuffer(<InvoicePdf doc={printableDocument(doc, print)} />);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

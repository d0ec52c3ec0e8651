/**
 * A mail's attachments on both of its ways out: through SMTP, nodemailer writes them as MIME
 * attachments (a stub transport that builds the message instead of sending it), and to the
 * local mailbox they go in base64 in the JSON the mailbox takes.
 */
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { localMailboxBody, type OutgoingMail, smtpMessage } from "~/infra/mail.server";

const pdf = new Uint8Array(Buffer.from("%PDF-1.7\n% an invoice\n%%EOF\n"));
const mail: OutgoingMail = {
  to: "amina@example.com",
  subject: "Ankara JD-2026-0001",
  text: "Ankara yako imeambatishwa.",
  links: ["http://localhost:3000/sw/organisations/x/invoices/1"],
  attachments: [{ filename: "JD-2026-0001.pdf", contentType: "application/pdf", content: pdf }],
};

describe("mail attachments", () => {
  it("go through SMTP as MIME attachments with their name, type and bytes", async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent = await transport.sendMail(
      smtpMessage(mail, "Jenga Digital <no-reply@example.com>"),
    );
    const message = (sent.message as Buffer).toString("utf8");
    expect(message).toMatch(/Content-Type: multipart\/mixed/);
    expect(message).toMatch(/Content-Type: application\/pdf; name=JD-2026-0001\.pdf/);
    expect(message).toMatch(/Content-Disposition: attachment; filename=JD-2026-0001\.pdf/);
    expect(message).toContain(Buffer.from(pdf).toString("base64"));
    expect(message).toContain("Ankara yako imeambatishwa.");
    expect(sent.envelope).toEqual({ from: "no-reply@example.com", to: ["amina@example.com"] });
  });

  it("a mail without attachments stays a plain one", async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent = await transport.sendMail(
      smtpMessage({ ...mail, attachments: undefined }, "no-reply@example.com"),
    );
    expect((sent.message as Buffer).toString("utf8")).not.toContain("multipart/mixed");
  });

  it("go to the local mailbox in base64, the bytes of a view exactly", () => {
    const bytes = Buffer.from("xx%PDF-1.7 view of a larger bufferyy");
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset + 2, bytes.length - 4);
    const body = JSON.parse(
      localMailboxBody({
        ...mail,
        links: undefined,
        attachments: [{ filename: "a.pdf", contentType: "application/pdf", content: view }],
      }),
    );
    expect(body.links).toEqual([]);
    expect(body.attachments).toEqual([
      {
        filename: "a.pdf",
        contentType: "application/pdf",
        content: Buffer.from("%PDF-1.7 view of a larger buffer").toString("base64"),
      },
    ]);
  });
});

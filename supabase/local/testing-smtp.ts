/**
 * A minimal SMTP server on loopback (plain, no TLS: the site allows that only on loopback) that
 * keeps what it receives, for tests of the SMTP transport. `failNext(n)` answers the next n
 * transactions with a temporary failure (451), as a mail server under trouble does; with a
 * recipient, only the next n transactions to that address (their RCPT is refused).
 */
import { createServer, type Socket } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  /** The body with quoted-printable soft breaks and escapes decoded. */
  body: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  failNext(count: number, recipient?: string): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export function parseMessage(raw: string): Pick<ReceivedMail, "headers" | "body"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: decodeQuotedPrintable(raw.slice(split + 4)) };
}

interface SmtpState {
  mails: ReceivedMail[];
  failing: number;
  /** When set, only transactions to this address fail (at RCPT). */
  failingTo?: string;
}

function session(socket: Socket, smtp: SmtpState) {
  let from = "";
  let to: string[] = [];
  let data: string | null = null;
  let buffer = "";
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply("220 localhost test SMTP");
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    for (;;) {
      if (data !== null) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end === -1) return;
        data += buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        smtp.mails.push({ from, to, ...parseMessage(data.replace(/\r\n\.\./g, "\r\n.")) });
        data = null;
        reply("250 OK queued");
        continue;
      }
      const newline = buffer.indexOf("\r\n");
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO" || verb === "HELO") reply("250 localhost");
      else if (verb === "MAIL") {
        if (smtp.failing > 0 && !smtp.failingTo) {
          smtp.failing--;
          reply("451 Temporary failure, try again later");
        } else {
          from = line.slice(10).trim();
          to = [];
          reply("250 OK");
        }
      } else if (verb === "RCPT") {
        const recipient = line.slice(8).trim();
        if (smtp.failing > 0 && smtp.failingTo && recipient === `<${smtp.failingTo}>`) {
          smtp.failing--;
          reply("451 Temporary failure, try again later");
          continue;
        }
        to.push(recipient);
        reply("250 OK");
      } else if (verb === "DATA") {
        data = "";
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "QUIT") {
        reply("221 Bye");
        socket.end();
      } else reply("250 OK");
    }
  });
  socket.on("error", () => {});
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state: SmtpState = { mails: [], failing: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    session(socket, state);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails: state.mails,
    failNext(count, recipient) {
      state.failing = count;
      state.failingTo = recipient;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits (polling, bounded) until `predicate` holds for a received mail; returns it. */
export async function receivedMail(
  smtp: TestSmtp,
  predicate: (mail: ReceivedMail) => boolean,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.mails.find(predicate);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error("no such mail reached the test SMTP server");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

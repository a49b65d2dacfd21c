import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** the envelope: who the server was asked to deliver to */
  rcptTo: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** while set, every message is refused with this SMTP reply (451: try later) */
  refuse: { code: number; message: string } | null;
  /** messages whose data is being received at this moment (a crash test kills the sender mid-send) */
  inFlight: number;
  /** resolves once `count` e-mails have arrived */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port of this machine, as the tests' mail server: what the
 * app sends crosses a real SMTP conversation and is read back with mailparser.
 */
export async function startSmtpPeer(
  options: { delayMs?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const peer: SmtpPeer = {
    url: "",
    port: 0,
    received,
    refuse: null,
    inFlight: 0,
    async waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return received;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} e-mails, ${received.length} arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      peer.inFlight++;
      let counted = true;
      let ended = false;
      const done = () => {
        if (counted) peer.inFlight--;
        counted = false;
      };
      // a connection cut mid-message (the sender was killed) closes the stream without its "end"
      stream.on("close", () => {
        if (!ended) done();
      });
      stream.on("error", done);
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        ended = true;
        // a slow mail server keeps each message in flight a while (so a crash can land mid-send)
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        done();
        if (peer.refuse) {
          const err = Object.assign(new Error(peer.refuse.message), { responseCode: peer.refuse.code });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            const mail = { rcptTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw };
            received.push(mail);
            options.onMail?.(mail);
            for (const w of waiters.filter((x) => received.length >= x.count)) w.resolve();
            callback();
          })
          .catch(callback);
      });
    },
  });
  // a sender that dies mid-conversation resets its connection: that is its problem, not the peer's
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  peer.port = port;
  peer.url = `smtp://127.0.0.1:${port}`;
  return peer;
}

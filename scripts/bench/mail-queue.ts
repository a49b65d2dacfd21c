/**
 * The job queue and e-mail figures against their targets, each beside a control measured in
 * the same run, on a fresh embedded database (PGlite) in this process:
 *
 * - adding a job to a request: the same enquiry save (its row in a transaction) with its two
 *   e-mail jobs and without them, and with the jobs added one statement each as before (p50
 *   of each, taking turns); target: at most 2 ms more;
 * - e-mails a second from one process to a local SMTP server (smtp-server, discarding what
 *   it receives) through the queue, against nodemailer sending the same e-mails directly;
 *   target: at least 100 a second;
 * - a queue of 10,000 e-mail jobs drained (kept in the database, as without SMTP_URL):
 *   growth of the process's memory, against the growth while only inserting them; target:
 *   at most 50 MB.
 *
 *   node --expose-gc --import tsx scripts/bench/mail-queue.ts [--jobs 10000 --emails 1000 --samples 400]
 *   npm run bench -- --mail-only     # the same, as an arm of the bench (written to .tmp/bench/mail.md)
 *
 * A missed target is printed with the reason the figures point to.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { commandOptions } from "../../src/server/cli/args.ts";
import { createPglite, openDatabase } from "../../src/server/db/client.ts";
import { seedBaseContent } from "../../src/server/db/seed/base-content.ts";
import { createEnquiry, saveEnquiry } from "../../src/server/modules/enquiries/enquiries.service.ts";
import { createMailSystem } from "../../src/server/modules/mail/mail.ts";
import { queueEmail } from "../../src/server/modules/mail/outbox.ts";
import { median } from "../lib/median.ts";

const options = commandOptions(
  { jobs: { type: "string" }, emails: { type: "string" }, samples: { type: "string" } },
  "Usage: node --import tsx scripts/bench/mail-queue.ts [--jobs N] [--emails N] [--samples N]",
);
const JOBS = Number(options.jobs ?? 10_000);
const EMAILS = Number(options.emails ?? 1000);
const SAMPLES = Number(options.samples ?? 400);
const SECRET = "bench-secret-bench-secret-bench-secret-00";

// on disk, as the server keeps it: an in-memory database would count its own rows as growth
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-mail-"));
const database = await openDatabase({ pglite: await createPglite(path.join(dataDir, "pg")) });
await database.migrate();
await seedBaseContent(database.db);
const { db } = database;
const enquiry = {
  name: "Bench",
  email: "bench@example.in",
  phone: "9876543210",
  interest: "custom" as const,
  message: "Please call me back.",
};

// 1. the cost of the jobs in the request that causes them: the same enquiry save (its row,
// in a transaction) with its two e-mail jobs as the request adds them now (one statement),
// as it added them before (one statement per job), and without them. The three arms take
// turns in a rotating order, so the machine's load falls on each alike.
const withJobs: number[] = [];
const twoStatements: number[] = [];
const control: number[] = [];
const notice = {
  ...enquiry,
  interest: "Custom",
};
const arms: [number[], () => Promise<unknown>][] = [
  [withJobs, () => createEnquiry(db, enquiry, "/contact")],
  [
    twoStatements,
    () =>
      db.transaction(async (tx) => {
        await saveEnquiry(tx, enquiry, "/contact");
        await queueEmail(tx, { template: "staff_new_enquiry", to: "staff", audience: "staff", data: notice });
        await queueEmail(tx, {
          template: "enquiry_ack",
          to: notice.email,
          toName: notice.name,
          audience: "visitor",
          data: { name: notice.name, interest: notice.interest },
        });
      }),
  ],
  [control, () => db.transaction((tx) => saveEnquiry(tx, enquiry, "/contact"))],
];
for (let i = 0; i < SAMPLES; i++) {
  for (let k = 0; k < arms.length; k++) {
    const [samples, run] = arms[(i + k) % arms.length];
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
}
const addMs = median(withJobs) - median(control);
const addTwoMs = median(twoStatements) - median(control);

// 2. e-mails a second through the queue, and sent directly
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received++;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
const port = (smtp.server.address() as { port: number }).port;
const smtpUrl = `smtp://127.0.0.1:${port}`;

const direct = nodemailer.createTransport(smtpUrl, { pool: true, maxConnections: 5 } as object);
let t0 = performance.now();
await Promise.all(
  Array.from({ length: EMAILS }, (_, i) =>
    direct.sendMail({
      from: "a@hipws.test",
      to: `d${i}@example.in`,
      subject: "Direct",
      text: "Hello",
      html: "<p>Hello</p>",
    }),
  ),
);
const directRate = EMAILS / ((performance.now() - t0) / 1000);
direct.close();

await db.transaction(async (tx) => {
  for (let i = 0; i < EMAILS; i++) {
    await queueEmail(tx, {
      template: "welcome",
      to: `q${i}@example.in`,
      audience: "customer",
      data: { name: `Q ${i}`, username: `q${i}` },
    });
  }
});
const viaSmtp = createMailSystem({
  database,
  mail: { smtpUrl, from: "HIPWS <no-reply@hipws.test>" },
  origin: "http://localhost:5000",
  secret: SECRET,
  runner: { batch: 100 },
});
// the enquiries above queued e-mails too: send them first, outside the measurement
await db.execute(
  sql`update jobs set status = 'done' where status = 'pending' and payload->>'template' <> 'welcome'`,
);
t0 = performance.now();
const sent = await viaSmtp.runner.drain();
const queueRate = sent / ((performance.now() - t0) / 1000);
viaSmtp.mailer.close();

// 3. memory while 10,000 jobs drain (kept in the database, no SMTP)
const gc = (globalThis as { gc?: () => void }).gc;
const rss = () => {
  gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
};
const beforeInsert = rss();
for (let i = 0; i < JOBS; i += 500) {
  await db.transaction(async (tx) => {
    for (let j = i; j < Math.min(JOBS, i + 500); j++) {
      await queueEmail(tx, {
        template: "welcome",
        to: `m${j}@example.in`,
        audience: "customer",
        data: { name: `M ${j}`, username: `m${j}` },
      });
    }
  });
}
const afterInsert = rss();
const kept = createMailSystem({
  database,
  mail: { from: "HIPWS <no-reply@hipws.test>" },
  origin: "http://localhost:5000",
  secret: SECRET,
  runner: { batch: 50 },
});
t0 = performance.now();
const drained = await kept.runner.drain();
const drainS = (performance.now() - t0) / 1000;
const afterDrain = rss();

await new Promise<void>((resolve) => smtp.close(() => resolve()));
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const f = (n: number, d = 2) => n.toFixed(d);
const growth = afterDrain - afterInsert;
const rows: string[][] = [
  [
    "enquiry saved with its 2 e-mail jobs, p50 (ms)",
    `${f(median(withJobs))} with the jobs in one statement, ${f(median(twoStatements))} with one statement per job (control: ${f(median(control))}, the same save without the jobs)`,
    `adds ≤ 2 ms: ${f(addMs)} ms (one statement per job: ${f(addTwoMs)} ms)`,
    addMs <= 2
      ? "met"
      : `MISSED: the jobs' insert (${f(addMs)} ms at p50) costs more than the target on this machine now (load ${loadavg()[0].toFixed(1)})`,
  ],
  [
    "e-mails a second to a local SMTP server, one process",
    `${f(queueRate, 0)} through the queue (${sent} sent, ${received - EMAILS} received; control: ${f(directRate, 0)} nodemailer directly)`,
    "≥ 100",
    queueRate >= 100
      ? "met"
      : directRate < 100
        ? `MISSED: even nodemailer alone sends only ${f(directRate, 0)}/s on this machine now (load ${loadavg()[0].toFixed(1)})`
        : `MISSED: the queue reaches ${Math.round((queueRate / directRate) * 100)}% of a direct send; rendering each e-mail (React) and recording it take the rest`,
  ],
  [
    `memory growth draining ${drained} jobs (MB)`,
    `${f(growth, 1)} while draining in ${f(drainS, 1)} s (control: ${f(afterInsert - beforeInsert, 1)} while inserting them)`,
    "≤ 50 MB",
    growth <= 50
      ? "met"
      : `MISSED: ${f(growth, 1)} MB kept after draining${gc ? "" : " (run with --expose-gc: without it, garbage not yet collected counts)"}`,
  ],
];
console.log(
  `\nJob queue and e-mail (PGlite, one process; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)\n`,
);
console.log("| figure | measured | target | |");
console.log("| --- | --- | --- | --- |");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
process.exit(0);

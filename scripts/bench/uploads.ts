/**
 * The upload figures: a 10 MB phone photo stored with its thumbnail (target 1.5 s or less),
 * and how much ten uploads in flight at once add to the server's peak memory (target 150 MB
 * or less). Runs the production server on a fresh seeded database and uploads through real
 * HTTP as a signed-in customer.
 *
 *   npm run bench -- --uploads-only        # or as part of the whole bench (the "uploads" rows)
 *   node --import tsx scripts/bench/uploads.ts [--runs 5]
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { startServer } from "../../tests/support/server-process.ts";
import { median } from "../lib/median.ts";
import { loginCookie, peakRssMb, prepareDatabase } from "../soak/prepare.ts";

export interface UploadFigures {
  photoMb: number;
  /** median of `runs` single uploads, ms */
  singleMs: number;
  /** peak RSS added by ten concurrent uploads, MB */
  tenInFlightMb: number;
  tenInFlightMs: number;
}

/** a 12-megapixel photo of noise: it compresses as badly as a real one, about 9.5 MB */
async function bigPhoto(): Promise<Buffer> {
  const width = 3900;
  const height = 2900;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function upload(base: string, cookie: string, ticketId: number, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "site-visit.jpg");
  const t0 = performance.now();
  const res = await fetch(`${base}/api/tickets/${ticketId}/attachments`, {
    method: "POST",
    headers: { cookie, origin: base },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

export async function measureUploads(runs = 5): Promise<UploadFigures> {
  const prepared = await prepareDatabase("pglite", { RATE_LIMIT_FACTOR: "100" });
  const server = await startServer(
    { ...prepared.env, NODE_ENV: "production", LOG_LEVEL: "info" },
    { timeoutMs: 120_000 },
  );
  try {
    const base = server.url;
    const cookie = await loginCookie(base, "demo-customer");
    const policies = (await (await fetch(`${base}/api/purchases`, { headers: { cookie } })).json()) as {
      purchase: { id: number; status: string };
    }[];
    const purchaseId = policies.find((p) => p.purchase.status === "active")!.purchase.id;
    const created = await fetch(`${base}/api/tickets`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({
        purchaseId,
        subject: "Upload benchmark",
        description: "Photos of the damaged kitchen shutter.",
      }),
    });
    const ticketId = ((await created.json()) as { id: number }).id;
    const photo = await bigPhoto();

    // warm-up: the first upload loads the image library
    await upload(base, cookie, ticketId, photo);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await upload(base, cookie, ticketId, photo));

    const before = peakRssMb(server.pid) ?? Number.NaN;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 10 }, () => upload(base, cookie, ticketId, photo)));
    const tenMs = performance.now() - t0;
    const after = peakRssMb(server.pid) ?? Number.NaN;
    return {
      photoMb: Math.round((photo.length / 1048576) * 10) / 10,
      singleMs: Math.round(median(times)),
      tenInFlightMb: after - before,
      tenInFlightMs: Math.round(tenMs),
    };
  } finally {
    await server.stop();
    await prepared.cleanup();
  }
}

/** rows in the bench's table: figure, measured, target, verdict */
export function uploadRows(f: UploadFigures): string[][] {
  return [
    [
      `a ${f.photoMb} MB photo stored with its thumbnail (median)`,
      `${f.singleMs} ms`,
      "≤ 1500 ms",
      f.singleMs <= 1500 ? "met" : "MISSED",
    ],
    [
      `ten uploads in flight: peak memory added (all ten took ${f.tenInFlightMs} ms)`,
      `${f.tenInFlightMb} MB`,
      "≤ 150 MB",
      f.tenInFlightMb <= 150 ? "met" : "MISSED",
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runsAt = process.argv.indexOf("--runs");
  const figures = await measureUploads(runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5);
  for (const row of uploadRows(figures)) console.log(row.join(" | "));
}

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { desc, eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormPart, multipartBody, TINY_PNG } from "../../../../tests/support/multipart.ts";
import {
  activePolicyId,
  createSignedInTestApp,
  raiseTicket,
  type TestApp,
} from "../../../../tests/support/test-app.ts";
import { type Attachment, UPLOAD_QUOTA_BYTES } from "../../../shared/schemas/attachment.ts";
import type { AdminTicketDetail, TicketDetail } from "../../../shared/schemas/ticket.ts";
import { auditLog, ticketAttachments } from "../../db/schema.ts";

/**
 * Photos and PDFs on tickets through the real multipart parser, the real image library and
 * a real S3-compatible server: what is stored, who may read it, and bad uploads that must
 * leave nothing behind.
 */

/** a 3000 × 2000 JPEG carrying a camera's GPS position in its EXIF */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#b08050" } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Camera 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "13/1 4/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "80/1 16/1 0/1",
      },
    })
    .toBuffer();
}

/** CRC-32 as PNG chunks carry it */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** an image bomb: an 8,000 × 8,000 grey PNG (64 megapixels) squeezed into a few tens of kilobytes */
function pngBomb(): Buffer {
  const side = 8000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(side * (side + 1)); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const file = (filename: string, data: Buffer, type = "application/octet-stream"): FormPart => ({
  name: "file",
  filename,
  type,
  data,
});

interface Setup {
  t: TestApp;
  dir: string;
  customer: string;
  other: string;
  admin: string;
  ticketId: number;
}

async function setUp(s3?: { endpoint: string; bucket: string }): Promise<Setup> {
  const dir = mkdtempSync(path.join(tmpdir(), "hipws-att-test-"));
  const { t, customer, otherCustomer, admin } = await createSignedInTestApp({
    uploads: {
      dir,
      s3: s3 ? { ...s3, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" } : undefined,
    },
  });
  const purchaseId = await activePolicyId(t.app, customer);
  const created = await raiseTicket(t.app, customer, {
    purchaseId,
    subject: "Kitchen shutter hinge broke",
    description: "The hinge of the upper kitchen shutter came off the panel.",
  });
  return { t, dir, customer, other: otherCustomer, admin, ticketId: created.json().id };
}

function upload(s: Setup, cookie: string, parts: FormPart[], ticketId = s.ticketId) {
  const form = multipartBody(parts);
  return s.t.app.inject({
    method: "POST",
    url: `/api/tickets/${ticketId}/attachments`,
    headers: { cookie, "content-type": form.contentType },
    payload: form.payload,
  });
}

/** files kept in DATA_DIR/uploads, and temporary files left over */
function storedFiles(dir: string): { stored: string[]; temporary: string[] } {
  const entries = readdirSync(dir);
  const incoming = path.join(dir, ".incoming");
  return {
    stored: entries.filter((e) => e !== ".incoming"),
    temporary: entries.includes(".incoming") ? readdirSync(incoming) : [],
  };
}

async function attachmentRows(s: Setup) {
  return s.t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, s.ticketId));
}

describe("attachments on local storage", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => {
    await s.t.close();
    rmSync(s.dir, { recursive: true, force: true });
  });

  it("stores a phone photo upright, without its metadata or GPS, at most 2,560 px, with a thumbnail", async () => {
    const res = await upload(s, s.customer, [file("IMG_0042.jpg", await phonePhoto(), "image/jpeg")]);
    expect(res.statusCode, res.body).toBe(201);
    const [a] = res.json<Attachment[]>();
    expect(a).toMatchObject({
      name: "IMG_0042.jpg",
      type: "image/jpeg",
      url: `/api/tickets/${s.ticketId}/attachments/${a.id}`,
      thumbnailUrl: `/api/tickets/${s.ticketId}/attachments/${a.id}/thumbnail`,
      messageId: null,
    });

    const full = await s.t.app.inject({ method: "GET", url: a.url, headers: { cookie: s.customer } });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/jpeg");
    expect(full.headers["x-content-type-options"]).toBe("nosniff");
    expect(full.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(full.headers["cache-control"]).toMatch(/^private/);
    expect(full.headers["content-disposition"]).toBe(
      `inline; filename="IMG_0042.jpg"; filename*=UTF-8''IMG_0042.jpg`,
    );
    expect(full.rawPayload.length).toBe(a.size);
    const meta = await sharp(full.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(2560);
    expect(meta.exif).toBeUndefined();

    const thumb = await s.t.app.inject({
      method: "GET",
      url: a.thumbnailUrl!,
      headers: { cookie: s.customer },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    const tmeta = await sharp(thumb.rawPayload).metadata();
    expect(tmeta.format).toBe("webp");
    expect(Math.max(tmeta.width, tmeta.height)).toBe(320);

    // the ticket, to its owner and to staff, lists it
    const detail = await s.t.app.inject({
      method: "GET",
      url: `/api/tickets/${s.ticketId}`,
      headers: { cookie: s.customer },
    });
    expect(detail.json<TicketDetail>().attachments).toEqual([a]);
    const staff = await s.t.app.inject({
      method: "GET",
      url: `/api/admin/tickets/${s.ticketId}`,
      headers: { cookie: s.admin },
    });
    expect(staff.json<AdminTicketDetail>().attachments).toEqual([a]);

    const [audit] = await s.t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "ticket.attach", entityType: "ticket", entityId: s.ticketId });
    expect(audit.details).toMatchObject({ files: [{ id: a.id, name: "IMG_0042.jpg", type: "image/jpeg" }] });
  });

  it("keeps a PDF as it came, served as a download, without a thumbnail", async () => {
    const res = await upload(s, s.customer, [file("invoice.pdf", PDF, "application/pdf")]);
    expect(res.statusCode, res.body).toBe(201);
    const [a] = res.json<Attachment[]>();
    expect(a).toMatchObject({ type: "application/pdf", size: PDF.length, thumbnailUrl: null });
    const got = await s.t.app.inject({ method: "GET", url: a.url, headers: { cookie: s.admin } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers["content-disposition"]).toMatch(/^attachment; filename="invoice.pdf"/);
    const thumb = await s.t.app.inject({
      method: "GET",
      url: `${a.url}/thumbnail`,
      headers: { cookie: s.customer },
    });
    expect(thumb.statusCode).toBe(404);
  });

  it("answers another customer 404 for the upload and for every file address", async () => {
    const before = (await attachmentRows(s)).length;
    const res = await upload(s, s.other, [file("mine.png", TINY_PNG, "image/png")]);
    expect(res.statusCode).toBe(404);
    expect(await attachmentRows(s)).toHaveLength(before);
    const [a] = (await upload(s, s.customer, [file("door.png", TINY_PNG, "image/png")])).json<Attachment[]>();
    for (const url of [a.url, a.thumbnailUrl!, `/api/tickets/${s.ticketId}`]) {
      const got = await s.t.app.inject({ method: "GET", url, headers: { cookie: s.other } });
      expect(got.statusCode, url).toBe(404);
      expect(got.body).not.toContain("door.png");
    }
    const guest = await s.t.app.inject({ method: "GET", url: a.url });
    expect(guest.statusCode).toBe(401);
  });

  it("attaches files to a message; a file on a staff-only note stays with staff", async () => {
    const reply = await s.t.app.inject({
      method: "POST",
      url: `/api/tickets/${s.ticketId}/messages`,
      headers: { cookie: s.customer },
      payload: { body: "Here is the hinge up close." },
    });
    const messageId = reply.json().id as number;
    const res = await upload(s, s.customer, [
      { name: "messageId", data: String(messageId) },
      file("hinge.png", TINY_PNG, "image/png"),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Attachment[]>()[0].messageId).toBe(messageId);

    const note = await s.t.app.inject({
      method: "POST",
      url: `/api/admin/tickets/${s.ticketId}/messages`,
      headers: { cookie: s.admin },
      payload: { body: "Supplier's invoice for the part.", internal: true },
    });
    const noteId = note.json().id as number;
    // a customer cannot hang a file on a note they cannot see
    const refused = await upload(s, s.customer, [
      { name: "messageId", data: String(noteId) },
      file("x.png", TINY_PNG, "image/png"),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("That message is not on this ticket.");
    const staffFile = await upload(s, s.admin, [
      { name: "messageId", data: String(noteId) },
      file("supplier.pdf", PDF, "application/pdf"),
    ]);
    expect(staffFile.statusCode, staffFile.body).toBe(201);
    const [internal] = staffFile.json<Attachment[]>();
    const seen = (
      await s.t.app.inject({
        method: "GET",
        url: `/api/tickets/${s.ticketId}`,
        headers: { cookie: s.customer },
      })
    ).json<TicketDetail>();
    expect(seen.attachments.map((x) => x.id)).not.toContain(internal.id);
    expect(seen.attachments.find((x) => x.name === "hinge.png")?.messageId).toBe(messageId);
    const direct = await s.t.app.inject({
      method: "GET",
      url: internal.url,
      headers: { cookie: s.customer },
    });
    expect(direct.statusCode).toBe(404);
  });

  describe("bad uploads are refused with a clear message and leave nothing behind", () => {
    const cases: [string, () => FormPart[] | Promise<FormPart[]>, RegExp][] = [
      [
        "text named .jpg",
        () => [file("photo.jpg", Buffer.from("<html><script>alert(1)</script></html>"), "image/jpeg")],
        /^"photo\.jpg" is not a photo \(JPEG, PNG or WebP\) or a PDF\.$/,
      ],
      [
        "an image bomb",
        () => [file("bomb.png", pngBomb(), "image/png")],
        /^"bomb\.png" is too large a picture/,
      ],
      [
        "a file over 10 MB",
        () => [file("huge.jpg", Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), "image/jpeg")],
        /^"huge\.jpg" is larger than 10 MB\./,
      ],
      [
        "six files",
        () => Array.from({ length: 6 }, (_, i) => file(`p${i}.png`, TINY_PNG, "image/png")),
        /^Please attach at most 5 files at a time\.$/,
      ],
      [
        "a good photo with a bad file: neither is kept",
        () => [file("good.png", TINY_PNG, "image/png"), file("bad.pdf", Buffer.from("not a pdf"))],
        /^"bad\.pdf" is not a photo/,
      ],
    ];
    for (const [name, parts, message] of cases) {
      it(name, async () => {
        const rowsBefore = (await attachmentRows(s)).length;
        const filesBefore = storedFiles(s.dir).stored.length;
        const res = await upload(s, s.customer, await parts());
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toMatch(message);
        expect(await attachmentRows(s)).toHaveLength(rowsBefore);
        expect(storedFiles(s.dir).stored).toHaveLength(filesBefore);
        expect(storedFiles(s.dir).temporary).toEqual([]);
      });
    }

    it("a truncated upload", async () => {
      const rowsBefore = (await attachmentRows(s)).length;
      const filesBefore = storedFiles(s.dir).stored.length;
      const form = multipartBody([file("cut.jpg", await phonePhoto(), "image/jpeg")]);
      const res = await s.t.app.inject({
        method: "POST",
        url: `/api/tickets/${s.ticketId}/attachments`,
        headers: { cookie: s.customer, "content-type": form.contentType },
        payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('The upload of "cut.jpg" did not complete. Please try again.');
      expect(await attachmentRows(s)).toHaveLength(rowsBefore);
      expect(storedFiles(s.dir).stored).toHaveLength(filesBefore);
      expect(storedFiles(s.dir).temporary).toEqual([]);
    });

    it("no file at all, or a body that is not multipart", async () => {
      const empty = await upload(s, s.customer, [{ name: "messageId", data: "" }]);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe("Please choose at least one file.");
      const json = await s.t.app.inject({
        method: "POST",
        url: `/api/tickets/${s.ticketId}/attachments`,
        headers: { cookie: s.customer },
        payload: { file: "x" },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe("Please send the files as multipart/form-data.");
    });
  });

  it("names a stored file with the extension of the type its bytes have, not the sender's", async () => {
    const res = await upload(s, s.customer, [
      file("report.exe", TINY_PNG, "image/png"),
      file("scan.html", PDF, "text/html"),
      file("kitchen", TINY_PNG, "image/png"),
      file("IMG_7.PNG", TINY_PNG, "image/png"),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json<Attachment[]>();
    expect(files.map((f) => f.name)).toEqual(["report.png", "scan.pdf", "kitchen.png", "IMG_7.PNG"]);
    const got = await s.t.app.inject({ method: "GET", url: files[1].url, headers: { cookie: s.customer } });
    expect(got.headers["content-disposition"]).toMatch(/^attachment; filename="scan.pdf"/);
    expect(storedFiles(s.dir).stored.filter((f) => f.endsWith(".exe") || f.endsWith(".html"))).toEqual([]);
  });

  it(`stops a customer's files at ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB in all: 413 with a message, nothing kept; staff are not counted`, async () => {
    const db = s.t.database.db;
    const customerId = (await s.t.call("GET", "/api/user", s.customer)).json<{ id: number }>().id;
    const used = (await attachmentRows(s))
      .filter((r) => r.uploaderId === customerId)
      .reduce((n, r) => n + r.size, 0);
    // the customer's earlier uploads, standing in for months of photos: 1,000 bytes short of the quota
    const [filler] = await db
      .insert(ticketAttachments)
      .values({
        ticketId: s.ticketId,
        uploaderId: customerId,
        name: "earlier-uploads.pdf",
        type: "application/pdf",
        size: UPLOAD_QUOTA_BYTES - used - 1000,
        storageKey: "earlier-uploads.pdf",
      })
      .returning();
    try {
      const rowsBefore = (await attachmentRows(s)).length;
      const filesBefore = storedFiles(s.dir).stored.length;
      const refused = await upload(s, s.customer, [file("one-more.jpg", await phonePhoto(), "image/jpeg")]);
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json().message).toMatch(
        /^Your account may keep 200 MB of files in all; 200 MB are used/,
      );
      expect(await attachmentRows(s)).toHaveLength(rowsBefore);
      expect(storedFiles(s.dir).stored).toHaveLength(filesBefore);
      expect(storedFiles(s.dir).temporary).toEqual([]);
      // a file that fits is still taken, and staff's own files do not count against anyone
      expect((await upload(s, s.customer, [file("tiny.png", TINY_PNG, "image/png")])).statusCode).toBe(201);
      expect((await upload(s, s.admin, [file("staff.pdf", PDF, "application/pdf")])).statusCode).toBe(201);
    } finally {
      await db.delete(ticketAttachments).where(eq(ticketAttachments.id, filler.id));
    }
  });
});

describe("attachments in S3-compatible storage", () => {
  let s: Setup;
  let server: S3rver;
  let s3dir: string;
  let client: S3Client;
  const bucket = "hipws-test";

  const objects = async () =>
    (await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents?.map((o) => o.Key) ?? [];

  beforeAll(async () => {
    s3dir = mkdtempSync(path.join(tmpdir(), "hipws-s3rver-"));
    server = new S3rver({ address: "127.0.0.1", port: 0, directory: s3dir, silent: true });
    const { port } = (await server.run()) as { port: number };
    const endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    s = await setUp({ endpoint, bucket });
  });
  afterAll(async () => {
    await s.t.close();
    client.destroy();
    await server.close();
    rmSync(s.dir, { recursive: true, force: true });
    rmSync(s3dir, { recursive: true, force: true });
  });

  it("stores the photo and its thumbnail as objects and serves them back", async () => {
    const res = await upload(s, s.customer, [file("wardrobe.jpg", await phonePhoto(), "image/jpeg")]);
    expect(res.statusCode, res.body).toBe(201);
    const [a] = res.json<Attachment[]>();
    const [row] = await attachmentRows(s);
    expect((await objects()).sort()).toEqual([row.storageKey, row.thumbnailKey].sort());
    // nothing kept on local disk but the (empty) temporary directory
    expect(storedFiles(s.dir)).toEqual({ stored: [], temporary: [] });
    const got = await s.t.app.inject({ method: "GET", url: a.url, headers: { cookie: s.admin } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.length).toBe(a.size);
    expect((await sharp(got.rawPayload).metadata()).format).toBe("jpeg");
    const other = await s.t.app.inject({ method: "GET", url: a.thumbnailUrl!, headers: { cookie: s.other } });
    expect(other.statusCode).toBe(404);
  });

  it("a refused upload leaves no object behind", async () => {
    const before = await objects();
    const res = await upload(s, s.customer, [
      file("ok.png", TINY_PNG, "image/png"),
      file("fake.jpg", Buffer.from("MZ not an image at all"), "image/jpeg"),
    ]);
    expect(res.statusCode).toBe(400);
    expect(await objects()).toEqual(before);
  });
});

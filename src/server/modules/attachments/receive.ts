import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { fileTypeFromFile } from "file-type";
import type { Sharp } from "sharp";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_TYPES,
} from "../../../shared/schemas/attachment.ts";
import { AppError, badRequest } from "../../errors.ts";
import { loadOnce } from "../../lib/load-once.ts";

/** an image bigger than this (width × height) is refused before it is decoded: a "bomb" */
const MAX_INPUT_PIXELS = 50_000_000;
/** the longest side a stored photo keeps */
const MAX_SIDE = 2560;
const THUMBNAIL_SIDE = 320;

/** sharp (and libvips under it), loaded when the first picture arrives */
const loadSharp = loadOnce(async () => {
  const { default: sharp } = await import("sharp");
  // libvips' operation cache keeps decoded images for reuse; uploads are never decoded
  // twice, so it would only hold memory
  sharp.cache(false);
  return sharp;
});

/** One file part, written to a temporary file as it arrived. */
export interface ReceivedFile {
  /** the name on the sender's device, cleaned for display */
  name: string;
  tmp: string;
}

/** A file ready to store: its bytes (re-encoded for a photo) and, for a photo, a thumbnail. */
export interface PreparedFile {
  name: string;
  type: (typeof ATTACHMENT_TYPES)[number];
  file: string;
  size: number;
  extension: string;
  thumbnail: string | null;
}

/**
 * Reads a multipart upload part by part, each file streamed to its own temporary file in
 * `tmpDir` while its bytes are counted: the server never holds a whole upload in memory,
 * and stops reading a file at the limit. Fields (`messageId`) are collected as text. On
 * any error every temporary file already written is removed and a 400 names the problem.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tmpDir: string,
  {
    maxBytes = ATTACHMENT_MAX_BYTES,
    maxFiles = ATTACHMENT_MAX_FILES,
    optional = false,
    fieldSize = 100,
  }: {
    maxBytes?: number;
    maxFiles?: number;
    /** a form whose file is one choice among others (a transfer's proof: a file or a reference) */
    optional?: boolean;
    /** the longest text field, in bytes; a longer one is refused, never cut short */
    fieldSize?: number;
  } = {},
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  const mb = maxBytes / (1024 * 1024);
  if (!request.isMultipart()) throw badRequest("Please send the files as multipart/form-data.");
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let current = "";
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: maxFiles,
        fields: 4,
        fieldSize,
        parts: maxFiles + 4,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.valueTruncated) throw badRequest(`The "${part.fieldname}" field is too long.`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      current = cleanName(part.filename);
      if (part.fieldname !== "file") {
        part.file.resume();
        throw badRequest('Files must be sent in parts named "file".');
      }
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      files.push({ name: current, tmp });
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(tmp, { mode: 0o600 }));
      if (part.file.truncated || bytes > maxBytes) {
        throw badRequest(`"${current}" is larger than ${mb} MB. Please choose a smaller file.`);
      }
      if (bytes === 0) throw badRequest(`"${current}" is empty.`);
    }
  } catch (err) {
    await removeAll(files.map((f) => f.tmp));
    throw uploadError(err, current, mb, maxFiles);
  }
  if (files.length === 0 && !optional) {
    throw badRequest("Please choose at least one file.");
  }
  return { files, fields };
}

/** the multipart reader's own errors, said plainly */
function uploadError(err: unknown, current: string, mb: number, maxFiles: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_FILES_LIMIT")
    return badRequest(
      maxFiles === 1 ? "Please send one file." : `Please attach at most ${maxFiles} files at a time.`,
    );
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return badRequest("The upload has too many parts.");
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return badRequest(`"${current}" is larger than ${mb} MB. Please choose a smaller file.`);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
    return badRequest("Please send the files as multipart/form-data.");
  // the body ended before the form did: a dropped connection or a cut-off request
  return badRequest(
    current
      ? `The upload of "${current}" did not complete. Please try again.`
      : "The upload did not complete. Please try again.",
  );
}

/**
 * Checks each file by its bytes and makes what is stored: a photo re-encoded (turned
 * upright, metadata and GPS position dropped, at most 2,560 pixels a side) with a 320-pixel
 * WebP thumbnail; a PDF as it came. The first file that fails stops the lot with a 400
 * naming it, and every file made so far is removed.
 */
export async function prepareFiles(files: ReceivedFile[]): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  try {
    for (const f of files) prepared.push(await prepareOne(f));
    return prepared;
  } catch (err) {
    await removePrepared(prepared);
    throw err;
  }
}

/** each accepted type's file extensions, the usual one first: the one a stored file gets */
const EXTENSIONS: Record<PreparedFile["type"], readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg", "jpe"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "application/pdf": ["pdf"],
};

/**
 * The sender's name for a file, ending in an extension of the type its bytes have: a JPEG
 * sent as "report.exe" is kept and offered for download as "report.jpg", so the name never
 * tells a downloading computer to open it as something else. An extension that already fits
 * ("IMG_1.JPEG") stays as it was.
 */
function nameForType(name: string, type: PreparedFile["type"]): string {
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  if (EXTENSIONS[type].includes(extension)) return name;
  return `${dot > 0 ? name.slice(0, dot) : name}.${EXTENSIONS[type][0]}`;
}

async function prepareOne(f: ReceivedFile): Promise<PreparedFile> {
  const detected = await fileTypeFromFile(f.tmp);
  const type = ATTACHMENT_TYPES.find((t) => t === detected?.mime);
  if (!type) {
    throw badRequest(`"${f.name}" is not a photo (JPEG, PNG or WebP) or a PDF.`);
  }
  if (type === "application/pdf") {
    return {
      name: nameForType(f.name, type),
      type,
      file: f.tmp,
      size: (await stat(f.tmp)).size,
      extension: EXTENSIONS[type][0],
      thumbnail: null,
    };
  }
  return imageSlot(() => reencode(f, type));
}

/**
 * A received picture, opened for decoding once its header says it is not a "bomb": the
 * header says how big the picture decodes to, so a small file claiming a huge picture is
 * refused before any of it is decoded.
 */
export async function openPicture(f: ReceivedFile): Promise<() => Sharp> {
  const sharp = await loadSharp();
  let width = 0;
  let height = 0;
  try {
    // the header only: nothing is decoded yet, so no pixel limit is needed to read it
    ({ width, height } = await sharp(f.tmp, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(`"${f.name}" could not be read as an image.`);
  }
  if (!width || !height || width * height > MAX_INPUT_PIXELS) {
    throw badRequest(`"${f.name}" is too large a picture (over ${MAX_INPUT_PIXELS / 1e6} megapixels).`);
  }
  return () => sharp(f.tmp, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
}

async function reencode(f: ReceivedFile, type: Exclude<PreparedFile["type"], "application/pdf">) {
  const open = await openPicture(f);
  const extension = EXTENSIONS[type][0];
  const out = `${f.tmp}.${extension}`;
  const thumbnail = `${f.tmp}.thumb.webp`;
  try {
    const resized = open().rotate().resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true });
    // written without metadata (sharp keeps none unless told): EXIF, GPS and comments go
    const encoded =
      type === "image/jpeg"
        ? resized.jpeg({ quality: 85 })
        : type === "image/png"
          ? resized.png()
          : resized.webp({ quality: 85 });
    await encoded.toFile(out);
    await (await loadSharp())(out)
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(thumbnail);
  } catch {
    await removeAll([out, thumbnail]);
    throw badRequest(`"${f.name}" could not be read as an image.`);
  }
  await rm(f.tmp, { force: true });
  return {
    name: nameForType(f.name, type),
    type,
    file: out,
    size: (await stat(out)).size,
    extension,
    thumbnail,
  };
}

/**
 * Photos are decoded two at a time (the machine's cores): ten uploads at once then wait
 * their turn rather than each holding a decoded picture in memory together.
 */
const IMAGE_SLOTS = 2;
let busy = 0;
const waiting: (() => void)[] = [];

export async function imageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

/** a device's file name for display: no folders, no control characters, not too long */
function cleanName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  // control characters and quotes would garble a header or a screen
  const clean = Array.from(base)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join("")
    .trim()
    .slice(0, 200);
  return clean || "file";
}

export async function removeAll(files: string[]) {
  await Promise.all(files.map((f) => rm(f, { force: true })));
}

/** the temporary files that preparing made: each file and its thumbnail */
export async function removePrepared(files: PreparedFile[]) {
  await removeAll(files.flatMap((f) => (f.thumbnail ? [f.file, f.thumbnail] : [f.file])));
}

import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../../config.ts";

/**
 * Where attachment bytes live, by key. Keys are made by the server (random, never from a
 * file's name), so a key is always a safe file name.
 */
export interface FileStorage {
  /** moves the finished temporary file `file` into storage under `key` */
  put(key: string, file: string, contentType: string): Promise<void>;
  /** the stored bytes, or null when nothing is stored under `key` */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\.[a-z0-9]+)?$/;

function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
}

/** DATA_DIR/uploads: one directory, files renamed into it from the temporary directory beside it */
export class LocalStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async put(key: string, file: string): Promise<void> {
    checkKey(key);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await rename(file, path.join(this.dir, key));
  }

  async get(key: string): Promise<Readable | null> {
    checkKey(key);
    const file = path.join(this.dir, key);
    try {
      await stat(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await rm(path.join(this.dir, key), { force: true });
  }
}

/**
 * S3-compatible object storage (S3_URL): several app processes, on several machines, see
 * the same files. The bucket is created on first use when it does not exist.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private ready: Promise<void> | null = null;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      // checksums only where S3 requires them: other S3-compatible servers store the
      // checksum-trailer framing the client would otherwise wrap a streamed body in
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  private ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
      } catch {
        await this.client.send(new CreateBucketCommand({ Bucket: this.config.bucket }));
      }
    })().catch((err) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  async put(key: string, file: string, contentType: string): Promise<void> {
    checkKey(key);
    await this.ensureBucket();
    const { size } = await stat(file);
    // streamed from the file: the upload is never held in memory whole
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await rm(file, { force: true });
  }

  async get(key: string): Promise<Readable | null> {
    checkKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return (out.Body as Readable | undefined) ?? null;
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === "NoSuchKey" || name === "NotFound") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  close() {
    this.client.destroy();
  }
}

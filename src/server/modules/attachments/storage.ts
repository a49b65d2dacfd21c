import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../../config.ts";
import { loadOnce } from "../../lib/load-once.ts";

/** the S3 client library, loaded when a server with S3_URL first reads or writes a file */
const s3Sdk = loadOnce(() => import("@aws-sdk/client-s3"));

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
  private client: S3Client | null = null;
  private ready: Promise<void> | null = null;

  constructor(private readonly config: S3Config) {}

  /** the library and this storage's client, made on first use */
  private async s3() {
    const sdk = await s3Sdk();
    const { config } = this;
    this.client ??= new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      // checksums only where S3 requires them: other S3-compatible servers store the
      // checksum-trailer framing the client would otherwise wrap a streamed body in
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
    return { sdk, client: this.client };
  }

  private ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      const { sdk, client } = await this.s3();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket }));
      } catch {
        await client.send(new sdk.CreateBucketCommand({ Bucket: this.config.bucket }));
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
    const { sdk, client } = await this.s3();
    const { size } = await stat(file);
    // streamed from the file: the upload is never held in memory whole
    await client.send(
      new sdk.PutObjectCommand({
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
    const { sdk, client } = await this.s3();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return (out.Body as Readable | undefined) ?? null;
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === "NoSuchKey" || name === "NotFound") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** a storage that was never used has no client to close */
  close() {
    this.client?.destroy();
  }
}

import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Backups of the embedded database. PGlite lives inside the one process that owns
 * DATA_DIR, so `npm run backup` cannot open the folder beside a running server: it drops
 * a request file into DATA_DIR/backups/.requests and sends SIGUSR2 to the server, which
 * writes the copy itself (between queries, so the copy is consistent) and removes the
 * request. The server advertises that it takes requests in DATA_DIR/backups/.control.json;
 * a lock holder that does not (a command such as seed:demo) is never signalled, because
 * SIGUSR2 would end it.
 */

export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");
const requestsDir = (dataDir: string) => path.join(backupsDir(dataDir), ".requests");
const controlFile = (dataDir: string) => path.join(backupsDir(dataDir), ".control.json");

export function defaultBackupPath(dataDir: string, kind: "pglite" | "postgres", now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.join(backupsDir(dataDir), `hipws-${stamp}${kind === "pglite" ? ".tar.gz" : ".dump"}`);
}

/** A gzipped tar of the whole cluster, taken after a checkpoint while no query runs. */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  // a checkpoint first, so a restore replays little WAL; dumpDataDir itself waits for running queries
  await client.exec("CHECKPOINT");
  const blob = await client.dumpDataDir("gzip");
  return Buffer.from(await blob.arrayBuffer());
}

/** written to FILE.partial, flushed, then renamed: a reader never sees half a backup */
export function writeFileAtomically(file: string, bytes: Uint8Array) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = openSync(partial, "w", 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

/** Bytes of a backup file as PGlite's loadDataDir wants them (it reads compression from the type). */
export function backupBlob(bytes: Uint8Array): Blob {
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return new Blob([bytes as Uint8Array<ArrayBuffer>], {
    type: gzip ? "application/x-gzip" : "application/x-tar",
  });
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Server side: answer backup requests on SIGUSR2. Returns a function that stops listening. */
export function listenForBackupRequests(dataDir: string, client: PGlite, log: Log): () => void {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  let running: Promise<void> = Promise.resolve();
  const serve = async () => {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
      const requestFile = path.join(dir, name);
      try {
        const { out } = JSON.parse(readFileSync(requestFile, "utf8")) as { out: string };
        const started = Date.now();
        writeFileAtomically(out, await dumpPglite(client));
        log.info({ out, ms: Date.now() - started }, "backup written");
      } catch (err) {
        log.error({ err }, "backup failed");
        writeFileSync(`${requestFile}.error`, err instanceof Error ? err.message : String(err));
      } finally {
        rmSync(requestFile, { force: true });
      }
    }
  };
  // requests are served one after another, however many signals arrive
  const onSignal = () => {
    running = running.then(serve, serve);
  };
  process.on("SIGUSR2", onSignal);
  writeFileSync(controlFile(dataDir), JSON.stringify({ pid: process.pid }));
  // a request that arrived while the server was starting
  onSignal();
  return () => {
    process.off("SIGUSR2", onSignal);
    rmSync(controlFile(dataDir), { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** The live process that owns DATA_DIR, if any, and whether it takes backup requests. */
export function dataDirHolder(
  dataDir: string,
): { pid: number; command: string; takesRequests: boolean } | null {
  const lock = readJson<{ pid: number; command: string }>(path.join(dataDir, "server.lock"));
  if (!lock || !isAlive(lock.pid)) return null;
  const control = readJson<{ pid: number }>(controlFile(dataDir));
  return { pid: lock.pid, command: lock.command, takesRequests: control?.pid === lock.pid };
}

/** Client side: ask the server that owns DATA_DIR for a backup into `out` and wait for it. */
export async function requestBackupFromServer(
  dataDir: string,
  pid: number,
  out: string,
  timeoutMs = 300_000,
): Promise<void> {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const requestFile = path.join(dir, `${Date.now()}-${randomBytes(4).toString("hex")}.json`);
  writeFileSync(`${requestFile}.tmp`, JSON.stringify({ out }));
  renameSync(`${requestFile}.tmp`, requestFile);
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(`${requestFile}.error`)) {
      const message = readFileSync(`${requestFile}.error`, "utf8");
      rmSync(`${requestFile}.error`, { force: true });
      throw new Error(`The server (process ${pid}) could not write the backup: ${message}`);
    }
    if (!existsSync(requestFile) && existsSync(out)) return;
    if (!isAlive(pid)) {
      rmSync(requestFile, { force: true });
      throw new Error(`The server (process ${pid}) ended before writing the backup.`);
    }
    if (Date.now() > deadline) {
      rmSync(requestFile, { force: true });
      throw new Error(`The server (process ${pid}) did not write the backup within ${timeoutMs / 1000} s.`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../../tests/support/server-process.ts";
import { tempDirsForThisFile } from "../../tests/support/temp-dirs.ts";

const tempDir = tempDirsForThisFile();
const LOADS = path.resolve(import.meta.dirname, "../../tests/support/module-loads.mjs");
/** packages only some requests need: a PDF, a photo, S3 storage, a QR code */
const ON_FIRST_USE = ["pdfkit", "sharp", "@aws-sdk/client-s3", "qrcode"];

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
});

/**
 * The server loads what only some requests need when one first needs it, so it starts
 * listening, and answers its first page, without paying for them.
 */
it("starts listening without loading PDFKit, sharp, the S3 client or the QR code maker", async () => {
  server = await startServer(
    { DATA_DIR: tempDir("start-up"), MODULE_LOADS: [...ON_FIRST_USE, "fastify"].join(",") },
    { nodeArgs: ["--import", LOADS], timeoutMs: 110_000 },
  );
  const atListen = server.output();
  // the tracing itself works: the web framework is reported
  expect(atListen).toContain("module loaded: fastify");
  for (const name of ON_FIRST_USE) expect(atListen).not.toContain(`module loaded: ${name}`);

  expect((await fetch(`${server.url}/`)).status).toBe(200);
  // a photo or S3 storage is needed by no page: still not loaded after one is served
  expect(server.output()).not.toContain("module loaded: sharp");
  expect(server.output()).not.toContain("module loaded: @aws-sdk/client-s3");
}, 120_000);

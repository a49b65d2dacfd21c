/**
 * A module only some requests need (PDFKit for a certificate, sharp for a photo, the S3
 * client, the QR code maker), imported on its first use rather than when the server starts:
 * each costs start-up time, and most requests, and most test files, never use them. Every
 * call after the first gets the same promise; a failed import is tried again next time.
 *
 * Write it as `loadOnce(() => import("pdfkit"))`, with the module named in the `import()`,
 * so its types stay exact and the build still sees it.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

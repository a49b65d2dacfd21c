import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
// types only: the module itself is loaded from the build (or through Vite in dev)
import type { RenderRequest, RenderResult } from "../../web/entry-server.tsx";
import { SCRIPT_LOADER, THEME_SCRIPT } from "./inline-scripts.ts";

type Render = (req: RenderRequest) => Promise<RenderResult>;
type RenderErrorPage = (url: string, origin: string) => { head: string; html: string };
interface ServerEntry {
  render: Render;
  renderErrorPage: RenderErrorPage;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageRenderer {
  /** the full HTML document for a page, with its status */
  renderDocument(req: RenderRequest): Promise<{ status: number; redirectTo?: string; html: string }>;
  /** the document that says a page could not be shown: the site's styles, no scripts */
  renderErrorDocument(url: string, origin: string): Promise<string>;
}

/** Whether a render failed because one of the page's reads did (the error the browser's client throws). */
export function failedRead(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return (
    err instanceof Error &&
    err.name === "ApiError" &&
    typeof status === "number" &&
    (status === 0 || status >= 500)
  );
}

/** when even the error page cannot be rendered */
export const PLAIN_ERROR_PAGE =
  '<!doctype html><html lang="en-IN"><meta charset="utf-8"><title>Something went wrong</title><p>This page could not be shown just now. Please <a href="">try again</a> in a moment.</p></html>';

const ENTRY_SERVER = "src/web/entry-server.tsx";

/** Production: the built renderer, template and manifest, read once. Null when not built. */
export async function loadBuiltRenderer(rootDir: string): Promise<PageRenderer | null> {
  const templateFile = path.join(rootDir, "dist/client/index.html");
  const serverEntry = path.join(rootDir, "dist/server/entry-server.js");
  if (!existsSync(templateFile) || !existsSync(serverEntry)) return null;
  const built = readFileSync(templateFile, "utf8");
  // the entry script and its preloads that Vite put in the head, loaded after the first paint instead
  const entryScripts = [...built.matchAll(MODULE_TAGS)].map((m) => m[0].trim());
  const entryFiles = new Set(entryScripts.map((tag) => /(?:src|href)="\/([^"]+)"/.exec(tag)?.[1]));
  const template = built.replace(MODULE_TAGS, "");
  const manifestFile = path.join(rootDir, "dist/client/.vite/manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  const { render, renderErrorPage } = (await import(pathToFileURL(serverEntry).href)) as ServerEntry;
  return {
    async renderDocument(req) {
      const result = await render(req);
      const scripts = [...entryScripts, ...preloadLinks(manifest, result.chunks, entryFiles)];
      return { ...result, html: fillTemplate(template, result, scripts) };
    },
    async renderErrorDocument(url, origin) {
      return fillErrorTemplate(template, renderErrorPage(url, origin));
    },
  };
}

/** Development: Vite in middleware mode serves modules with hot reload and renders fresh code. */
export async function createDevRenderer(app: FastifyInstance, rootDir: string): Promise<PageRenderer> {
  const { createServer } = await import("vite");
  const middie = (await import("@fastify/middie")).default;
  const vite = await createServer({
    root: rootDir,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: "custom",
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook("onClose", async () => vite.close());
  const load = async (url: string) => ({
    template: await vite.transformIndexHtml(url, readFileSync(path.join(rootDir, "index.html"), "utf8")),
    entry: (await vite.ssrLoadModule(`/${ENTRY_SERVER}`)) as ServerEntry,
  });
  return {
    async renderErrorDocument(url, origin) {
      const { template, entry } = await load(url);
      return fillErrorTemplate(template.replace(MODULE_TAGS, ""), entry.renderErrorPage(url, origin));
    },
    async renderDocument(req) {
      const {
        template,
        entry: { render },
      } = await load(req.url);
      try {
        const result = await render(req);
        return { ...result, html: fillTemplate(template, result, []) };
      } catch (err) {
        if (err instanceof Error) vite.ssrFixStacktrace(err);
        throw err;
      }
    },
  };
}

/** Vite's `<script type="module">` and `<link rel="modulepreload">` tags */
const MODULE_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/**
 * The page as the server rendered it. In production its scripts (the entry, and
 * modulepreloads for the page's chunk and everything it imports) sit inert in a
 * <template> that SCRIPT_LOADER adds to the document after the first contentful paint:
 * the page is complete without them (they only hydrate it), and fetched at once they
 * shared the slow mobile link with the HTML and the stylesheet, which put Lighthouse's
 * simulated LCP at about 2.2 times that of the same page without scripts (2.0-2.5 s
 * against 0.9-1.05 s).
 */
function fillTemplate(template: string, result: RenderResult, scripts: string[]): string {
  const head = `<script>${THEME_SCRIPT}</script>\n    ${result.head}`;
  const state = `<script type="application/json" id="__APP_STATE__">${result.state}</script>`;
  const loader = scripts.length
    ? `\n    <template id="app-scripts">\n      ${scripts.join("\n      ")}\n    </template>\n    <script>${SCRIPT_LOADER}</script>`
    : "";
  return template
    .replace("<!--app-head-->", () => head)
    .replace("<!--app-html-->", () => result.html)
    .replace("<!--app-state-->", () => state + loader);
}

/** The error page: its head and body, and neither state nor scripts, so nothing can fail again. */
function fillErrorTemplate(template: string, page: { head: string; html: string }): string {
  return template
    .replace("<!--app-head-->", () => `<script>${THEME_SCRIPT}</script>\n    ${page.head}`)
    .replace("<!--app-html-->", () => page.html)
    .replace("<!--app-state-->", "");
}

/** modulepreload links for a page's chunks and everything they import, so hydration waits on no request chain */
function preloadLinks(
  manifest: Manifest,
  chunks: string[],
  loadedByEntry: Set<string | undefined>,
): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) visit(chunk);
  return [...files]
    .filter((file) => !loadedByEntry.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
}

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes .br and .gz beside every built text asset, so the server hands out
 * precompressed bytes (maximum quality, paid once at build time) instead of compressing
 * on each request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "hipws:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name);
          if (statSync(file).isDirectory()) walk(file);
          else if (COMPRESSIBLE.test(name) && statSync(file).size > 1024) {
            const body = readFileSync(file);
            writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
            writeFileSync(
              `${file}.br`,
              brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    alias: {
      "@shared": path.resolve(import.meta.dirname, "src/shared"),
      "@web": path.resolve(import.meta.dirname, "src/web"),
      // The router imports this shim for React 17 and older; React 19 has the hook itself,
      // which the shim only hands on, yet its fallback code would be in every page's
      // entry script (0.7 KB gzipped).
      "use-sync-external-store/shim/index.js": path.resolve(
        import.meta.dirname,
        "src/web/lib/use-sync-external-store.ts",
      ),
    },
  },
  build: {
    outDir: isSsrBuild ? "dist/server" : "dist/client",
    // the server maps a page's source module to its chunk to preload it
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Old hashed assets stay: a server (or a visitor's open tab) from the previous build
    // keeps finding the files it knows while a new build lands. dist/ is disposable.
    emptyOutDir: Boolean(isSsrBuild),
    // The server renderer is one file, imported once at start-up, so a rebuild under a
    // running server cannot pull a chunk from under it.
    rolldownOptions: isSsrBuild
      ? { output: { codeSplitting: false } }
      : {
          // Everything the entry imports statically goes into the entry's own file. Left to
          // itself the bundler put React, the query cache's core and the icons' base in
          // chunks of their own, which every page downloads with the entry anyway; as
          // separate files each was compressed on its own, which cost every page 2 KB.
          output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } },
        },
    target: "es2022",
    // Every browser the site supports follows <link rel="modulepreload"> itself except
    // Safari before 17, where the polyfill would only fetch the page's chunks a moment
    // earlier; dropping it keeps its 0.6 KB out of every visitor's first download.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: { middlewareMode: true },
  appType: "custom",
}));

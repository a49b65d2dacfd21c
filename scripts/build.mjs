// `npm run build`: the site and the server's programs, always for production.
//
// - The site: the client and the server renderer, built by Vite. `npm start` serves this
//   build whatever NODE_ENV it runs with (`npm run dev` renders through Vite instead), and a
//   renderer built with NODE_ENV=development calls React's development JSX runtime, which
//   production React does not have: every page would answer 500. The stamp is written last,
//   so build-if-missing.mjs can tell a finished production build from a partial one or one
//   made some other way.
// - The programs: the server and the npm commands that open the database, each bundled by
//   esbuild into one file of dist/bin with the code they share in dist/bin/chunks, the
//   packages left in node_modules. Started from the TypeScript sources through tsx, the
//   server took 3.3-3.5 s to listen (tsx compiles and resolves each of some 300 files on
//   every start), from the bundle 2.2-2.4 s (docs/performance.md); the tests start it and
//   the commands some 60 times a run.
//
// `node scripts/build.mjs site` or `... bin` builds one of the two (build-if-missing.mjs
// rebuilds only the one whose sources changed).
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { BIN_DIR, BUILD_STAMP, BUILT_FOR, COMMANDS } from "./build-stamp.mjs";

const parts = process.argv.slice(2);
const wanted = (part) => parts.length === 0 || parts.includes(part);

if (wanted("site")) {
  rmSync(BUILD_STAMP, { force: true });
  const env = { ...process.env, NODE_ENV: BUILT_FOR };
  for (const args of [["build"], ["build", "--ssr", "src/web/entry-server.tsx", "--outDir", "dist/server"]]) {
    const r = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", ...args], {
      stdio: "inherit",
      env,
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  writeFileSync(BUILD_STAMP, `${JSON.stringify({ nodeEnv: BUILT_FOR })}\n`);
}

if (wanted("bin")) {
  rmSync(BIN_DIR, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: "src/server/index.ts",
      ...Object.fromEntries(COMMANDS.map((name) => [name, `src/server/cli/${name}.ts`])),
    },
    outdir: BIN_DIR,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // the packages are loaded from node_modules as they are: some load files of their own
    // by path (PGlite's WebAssembly, sharp's binaries), and those only some requests need
    // (PDFKit, sharp, the S3 client) must still be imported on first use
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
  console.log(`✓ server and commands bundled into ${BIN_DIR}`);
}

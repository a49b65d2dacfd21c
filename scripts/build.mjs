// `npm run build`: the client and the server renderer, always for production. `npm start`
// serves this build whatever NODE_ENV it runs with (`npm run dev` renders through Vite
// instead), and a renderer built with NODE_ENV=development calls React's development JSX
// runtime, which production React does not have: every page would answer 500. The stamp
// is written last, so build-if-missing.mjs can tell a finished production build from a
// partial one or one made some other way.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { BUILD_STAMP, BUILT_FOR } from "./build-stamp.mjs";

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

// `node --import ./tests/support/module-loads.mjs`: the process writes "module loaded: NAME"
// to stderr whenever it imports one of the packages named (comma-separated) in
// MODULE_LOADS, so a test can tell which of them a server loaded, and when.
import { register } from "node:module";

register(new URL("./module-loads-hooks.mjs", import.meta.url), {
  data: { names: (process.env.MODULE_LOADS ?? "").split(",").filter(Boolean) },
});

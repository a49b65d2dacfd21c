// What the router's `use-sync-external-store/shim` import resolves to in the build (see
// vite.config.ts): React's own hook, which the shim would hand on anyway.
export { useSyncExternalStore } from "react";

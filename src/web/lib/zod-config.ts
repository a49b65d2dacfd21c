/**
 * Zod compiles object parsers with `new Function` when it may, and finds out with a caught
 * `new Function("")` as the first schema is built. The production CSP allows no eval, so
 * the browser refuses that probe and reports it as a Content-Security-Policy violation (a
 * DevTools issue, and a failed Lighthouse best-practices audit on every page with a form).
 * The browser only checks small forms, where compiled parsers gain nothing: zod runs there
 * without them (`jitless`).
 *
 * This sets zod's shared configuration object (the one `z.config()` writes, which zod
 * takes from globalThis when it loads) instead of importing `z.config`, because an import
 * would put zod's core into the entry chunk of every page (about 4 KB gzipped) while only
 * the form pages load zod. Imported first by the client entry, so it runs before any
 * schema exists; zod-config.test.ts checks that zod still honours it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};

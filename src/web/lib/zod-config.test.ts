import { afterAll, expect, it } from "vitest";

const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
const before = scope.__zod_globalConfig?.jitless;
afterAll(() => {
  if (scope.__zod_globalConfig) scope.__zod_globalConfig.jitless = before;
});

it("turns zod's eval-compiled parsers off before any schema is built", async () => {
  await import("./zod-config.ts");
  const { config } = await import("zod/v4/core");
  const { z } = await import("zod");
  expect(config().jitless).toBe(true);
  // still parses and rejects as before
  const schema = z.object({ name: z.string().min(1) });
  expect(schema.parse({ name: "Asha" })).toEqual({ name: "Asha" });
  expect(schema.safeParse({ name: "" }).success).toBe(false);
});

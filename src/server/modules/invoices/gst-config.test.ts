import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isValidGstin } from "../../../shared/gstin.ts";
import { loadConfig } from "../../config.ts";

/** the example GSTIN the table of variables (docs/configuration.md) gives for `GSTIN` */
function documentedGstinExample(): string {
  const table = readFileSync(new URL("../../../../docs/configuration.md", import.meta.url), "utf8");
  const row = table.split("\n").find((line) => line.startsWith("| `GSTIN`"));
  const example = row && /`(\d{2}[0-9A-Z]{13})`/.exec(row)?.[1];
  if (!example) throw new Error("docs/configuration.md's GSTIN row gives no example");
  return example;
}

/** GSTIN and GST_RATE_PERCENT: read once at start-up, a bad value stops it with one line that says the fix. */
describe("GST settings", () => {
  const env = { SESSION_SECRET: "s".repeat(40) };

  it("default to no GSTIN and 18%", () => {
    expect(loadConfig(env, []).gst).toEqual({ gstin: "", ratePercent: 18 });
  });
  it("take a GSTIN in any case and a rate", () => {
    expect(loadConfig({ ...env, GSTIN: " 33abcde1234f1z7 ", GST_RATE_PERCENT: "12" }, []).gst).toEqual({
      gstin: "33ABCDE1234F1Z7",
      ratePercent: 12,
    });
  });
  it("accept the documented example, which the customers' and partners' GSTIN rule accepts too", () => {
    const example = documentedGstinExample();
    expect(isValidGstin(example)).toBe(true);
    expect(loadConfig({ ...env, GSTIN: example }, []).gst.gstin).toBe(example);
  });
  it("refuse a malformed GSTIN, a wrong check character or an impossible rate, in one line", () => {
    for (const gstin of ["33ABCDE1234", "33ABCDE1234F1Z5"]) {
      expect(() => loadConfig({ ...env, GSTIN: gstin }, [])).toThrow(
        /^Invalid GSTIN: must be a 15-character GSTIN such as 33ABCDE1234F1Z7; set GSTIN to .*\.$/,
      );
    }
    for (const rate of ["eighteen", "-1", "40"]) {
      let message = "";
      try {
        loadConfig({ ...env, GST_RATE_PERCENT: rate }, []);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(
        /^Invalid GST_RATE_PERCENT: must be a percentage from 0 to 28; set GST_RATE_PERCENT/,
      );
      expect(message).not.toContain("\n");
    }
  });
});

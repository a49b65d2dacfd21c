import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";

/** GSTIN and GST_RATE_PERCENT: read once at start-up, a bad value stops it with one line that says the fix. */
describe("GST settings", () => {
  const env = { SESSION_SECRET: "s".repeat(40) };

  it("default to no GSTIN and 18%", () => {
    expect(loadConfig(env, []).gst).toEqual({ gstin: "", ratePercent: 18 });
  });
  it("take a GSTIN in any case and a rate", () => {
    expect(loadConfig({ ...env, GSTIN: " 33abcde1234f1z5 ", GST_RATE_PERCENT: "12" }, []).gst).toEqual({
      gstin: "33ABCDE1234F1Z5",
      ratePercent: 12,
    });
  });
  it("refuse a malformed GSTIN or an impossible rate, in one line", () => {
    expect(() => loadConfig({ ...env, GSTIN: "33ABCDE1234" }, [])).toThrow(
      /^Invalid GSTIN: must be a 15-character GSTIN such as 33ABCDE1234F1Z5; set GSTIN to .*\.$/,
    );
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

import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dir = mkdtempSync(path.join(tmpdir(), "hipws-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("configuration", () => {
  it("has the contract's defaults", () => {
    const c = loadConfig({ DATA_DIR: dir }, []);
    expect(c).toMatchObject({
      port: 5000,
      host: "0.0.0.0",
      production: false,
      dev: false,
      databaseUrl: undefined,
    });
    expect(c.dataDir).toBe(dir);
  });

  it("keeps enquiries' details 24 months unless ENQUIRY_RETENTION_MONTHS says otherwise, and names a bad value in one line", () => {
    expect(loadConfig({ DATA_DIR: dir }, []).enquiryRetentionMonths).toBe(24);
    expect(loadConfig({ DATA_DIR: dir, ENQUIRY_RETENTION_MONTHS: "6" }, []).enquiryRetentionMonths).toBe(6);
    for (const bad of ["0", "-3", "1.5", "two", "121"]) {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: dir, ENQUIRY_RETENTION_MONTHS: bad }, []);
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(
        "Invalid ENQUIRY_RETENTION_MONTHS: must be a whole number of months from 1 to 120; set ENQUIRY_RETENTION_MONTHS to how many months enquiries keep their details (24 when unset).",
      );
    }
  });

  it("turns /metrics on with METRICS_TOKEN, and refuses a short or spaced token without echoing it", () => {
    expect(loadConfig({ DATA_DIR: dir }, []).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: "" }, []).metricsToken).toBeUndefined();
    const token = "0123456789abcdef0123456789abcdef";
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: token }, []).metricsToken).toBe(token);
    for (const bad of ["short-one", "has spaces in it 0123456789"]) {
      expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: bad }, []), bad).toThrow(
        "Invalid METRICS_TOKEN: must be at least 16 letters, digits or -._~+/= with no spaces; set METRICS_TOKEN to a long random value (openssl rand -hex 32), or unset it to turn /metrics off.",
      );
    }
  });

  it("pays online orders to UPI_VPA: a demo payee in development, none in production unless set", () => {
    expect(loadConfig({ DATA_DIR: dir }, []).upiVpa).toBe("hipws.demo@upi");
    expect(loadConfig({ DATA_DIR: dir, UPI_VPA: "hipws@okaxis" }, []).upiVpa).toBe("hipws@okaxis");
    const production = {
      DATA_DIR: dir,
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_ORIGIN: "https://warranty.example.in",
    };
    expect(loadConfig(production, []).upiVpa).toBeUndefined();
    expect(loadConfig({ ...production, UPI_VPA: "hipws@okaxis" }, []).upiVpa).toBe("hipws@okaxis");
    for (const bad of ["hipws", "@okaxis", "hip ws@okaxis", "upi://pay?pa=x@y"]) {
      expect(() => loadConfig({ DATA_DIR: dir, UPI_VPA: bad }, []), bad).toThrow(
        /^Invalid UPI_VPA: must be a UPI address such as hipws@okaxis; set UPI_VPA to/,
      );
    }
  });

  it("links the business's own social pages only when configured, and refuses a network's home page", () => {
    expect(loadConfig({ DATA_DIR: dir }, []).social).toEqual([]);
    expect(
      loadConfig(
        {
          DATA_DIR: dir,
          SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/hipwarranty",
          SOCIAL_X_URL: "https://x.com/hipwarranty",
        },
        [],
      ).social,
    ).toEqual([
      { name: "X", href: "https://x.com/hipwarranty" },
      { name: "LinkedIn", href: "https://www.linkedin.com/company/hipwarranty" },
    ]);
    for (const bad of ["https://www.facebook.com/", "http://www.facebook.com/hipwarranty", "facebook"]) {
      expect(() => loadConfig({ DATA_DIR: dir, SOCIAL_FACEBOOK_URL: bad }, []), bad).toThrow(
        "Invalid SOCIAL_FACEBOOK_URL: must be the full https:// address of the business's own page; set SOCIAL_FACEBOOK_URL to https://www.facebook.com/<the business's page>, or unset it.",
      );
    }
  });

  it("keeps attachments in DATA_DIR/uploads, or in the bucket S3_URL names, and names a bad S3_URL in one line", () => {
    expect(loadConfig({ DATA_DIR: dir }, []).uploads).toEqual({
      dir: path.join(dir, "uploads"),
      s3: undefined,
    });
    expect(
      loadConfig(
        { DATA_DIR: dir, S3_URL: "http://AKID:s%2Fcret@127.0.0.1:9000/hipws-files?region=ap-south-1" },
        [],
      ).uploads.s3,
    ).toEqual({
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: "AKID",
      secretAccessKey: "s/cret",
      bucket: "hipws-files",
      region: "ap-south-1",
    });
    for (const bad of [
      "s3://bucket",
      "https://s3.example.com/bucket",
      "https://KEY:SECRET@s3.example.com/",
      "nonsense",
    ]) {
      expect(() => loadConfig({ DATA_DIR: dir, S3_URL: bad }, []), bad).toThrow(
        new ConfigError(
          "Invalid S3_URL: must be http(s)://ACCESS_KEY:SECRET@host[:port]/bucket, optionally ?region=ap-south-1; set S3_URL to https://ACCESS_KEY:SECRET@s3.example.com/bucket (path-style; ?region=… when needed), or unset it to keep uploads in DATA_DIR/uploads.",
        ),
      );
    }
  });

  it("keeps a generated session secret in DATA_DIR outside production", () => {
    const first = loadConfig({ DATA_DIR: dir }, []).sessionSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }, []).sessionSecret).toBe(first);
  });

  it("creates DATA_DIR and the secret readable by their owner alone", () => {
    const dataDir = path.join(dir, "fresh", "data");
    loadConfig({ DATA_DIR: dataDir }, []);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);
  });

  describe("checks the session-secret file each time it is read", () => {
    const withSecret = (name: string, write: (file: string) => void) => {
      const dataDir = mkdtempSync(path.join(dir, `${name}-`));
      write(path.join(dataDir, "session-secret"));
      return () => loadConfig({ DATA_DIR: dataDir }, []);
    };
    it("refuses one that others can read", () => {
      const load = withSecret("open", (file) => {
        writeFileSync(file, "a".repeat(64));
        chmodSync(file, 0o644);
      });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        /session-secret can be read by other users of this machine \(mode 644\); run `chmod 600 /,
      );
    });
    it("refuses one too short to be a secret", () => {
      const load = withSecret("short", (file) => writeFileSync(file, "abc\n", { mode: 0o600 }));
      expect(load).toThrow(
        /session-secret holds 3 characters, fewer than the 32 a session secret needs; delete it/,
      );
    });
    it("refuses a symbolic link to a file elsewhere", () => {
      const elsewhere = path.join(dir, "elsewhere-secret");
      writeFileSync(elsewhere, "b".repeat(64), { mode: 0o600 });
      const load = withSecret("link", (file) => symlinkSync(elsewhere, file));
      expect(load).toThrow(/session-secret is a symbolic link/);
    });
  });

  it.each([
    [{ PORT: "http" }, /^Invalid PORT: .*; set PORT to a number/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL: .*postgres:\/\//],
    [{ NODE_ENV: "production" }, /^Missing SESSION_SECRET: it is required when NODE_ENV=production/],
    [{ NODE_ENV: "staging" }, /^Invalid NODE_ENV/],
    [{ SESSION_SECRET: "short" }, /^Invalid SESSION_SECRET: must be at least 32 characters/],
    [
      { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) },
      /^Missing PUBLIC_ORIGIN: it is required when NODE_ENV=production; set PUBLIC_ORIGIN to/,
    ],
    [{ PUBLIC_ORIGIN: "warranty.example.in" }, /^Invalid PUBLIC_ORIGIN: must be a scheme and host only/],
    [{ PUBLIC_ORIGIN: "https://warranty.example.in/portal" }, /^Invalid PUBLIC_ORIGIN/],
    [{ PUBLIC_ORIGIN: "ftp://warranty.example.in" }, /^Invalid PUBLIC_ORIGIN/],
    [{ PUBLIC_ORIGIN: "https://user:pw@warranty.example.in" }, /^Invalid PUBLIC_ORIGIN/],
  ])("refuses %o with one line naming the variable and the fix", (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, ...env }, []);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("production with a secret and its public origin turns on secure mode", () => {
    const c = loadConfig(
      {
        DATA_DIR: dir,
        NODE_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        PUBLIC_ORIGIN: "https://Warranty.Example.in/",
      },
      [],
    );
    expect(c.production).toBe(true);
    expect(c.publicOrigin).toBe("https://warranty.example.in");
  });

  it("takes http://localhost and the port as the public origin outside production", () => {
    expect(loadConfig({ DATA_DIR: dir }, []).publicOrigin).toBe("http://localhost:5000");
    expect(loadConfig({ DATA_DIR: dir, PORT: "6100" }, []).publicOrigin).toBe("http://localhost:6100");
  });
});

import { describe, expect, it } from "vitest";
import { loadEnv, s3Settings } from "./env.server";

describe("loadEnv", () => {
  it("runs with nothing set: port 3000, embedded database in ./data", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BETTER_AUTH_URL).toBe("http://localhost:3000");
  });

  it("derives the auth URL from PORT unless it is given", () => {
    expect(loadEnv({ PORT: "4100" }).BETTER_AUTH_URL).toBe("http://localhost:4100");
    expect(loadEnv({ BETTER_AUTH_URL: "https://shop.example.in" }).BETTER_AUTH_URL).toBe(
      "https://shop.example.in",
    );
  });

  it("treats empty values as unset", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("stops with a sentence naming the bad variable", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it("reads boolean switches", () => {
    expect(loadEnv({ SEED_ON_START: "false" }).SEED_ON_START).toBe(false);
  });

  it("reads TRUST_PROXY as a number of proxy hops: none by default, true meaning one", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    for (const bad of ["-1", "1.5", "all", "10.0.0.0/8"]) {
      expect(() => loadEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it("takes a METRICS_TOKEN of 16 or more characters without spaces; unset or empty, none", () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    const token = "0123456789abcdef0123456789abcdef";
    expect(loadEnv({ METRICS_TOKEN: ` ${token}\n` }).METRICS_TOKEN).toBe(token);
    for (const bad of ["short", "sixteen chars ok", "x".repeat(201)]) {
      expect(() => loadEnv({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN/);
    }
  });

  it("keeps uploads on the disk unless S3_BUCKET is set", () => {
    expect(s3Settings(loadEnv({}))).toBeUndefined();
    expect(s3Settings(loadEnv({ S3_BUCKET: "" }))).toBeUndefined();
  });

  it("reads the S3 settings: MinIO with a key and path-style addresses", () => {
    const env = loadEnv({
      S3_BUCKET: "shop-photos",
      S3_ENDPOINT: "http://minio.internal:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "urjacell/",
    });
    expect(s3Settings(env)).toEqual({
      bucket: "shop-photos",
      region: "us-east-1",
      endpoint: "http://minio.internal:9000",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
      prefix: "urjacell/",
    });
    // AWS itself: the region's endpoint, credentials from the machine's role.
    expect(s3Settings(loadEnv({ S3_BUCKET: "shop", S3_REGION: "ap-south-1" }))).toEqual({
      bucket: "shop",
      region: "ap-south-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: "",
    });
  });

  it("refuses S3 settings that cannot work, naming the variable", () => {
    expect(() => loadEnv({ S3_ENDPOINT: "http://minio:9000" })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
    expect(() => loadEnv({ S3_BUCKET: "shop", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => loadEnv({ S3_BUCKET: "Shop_Photos" })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ S3_BUCKET: "shop", S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadEnv({ S3_BUCKET: "shop", S3_PREFIX: "/shop" })).toThrow(/S3_PREFIX/);
    expect(() => loadEnv({ S3_BUCKET: "shop", S3_FORCE_PATH_STYLE: "maybe" })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});

import { Readable } from "node:stream";
import {
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { contentTypeOf, type FileStorage, isStorageKey } from "./file-storage.server";

/** Where the bucket is and how to sign in to it (from the S3_* variables: env.server.ts). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** Another service than AWS: MinIO, Cloudflare R2, ... (unset: AWS S3 for the region). */
  endpoint?: string;
  /** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO needs it. */
  forcePathStyle: boolean;
  /** Put before every key, so the store can share a bucket: "shop/" gives "shop/products/x". */
  prefix: string;
};

/** Seconds a request to the bucket may take to connect, and to answer, before it fails. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** The HTTP status an SDK error carries (404 for a missing key or bucket, 403 refused, ...). */
function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/**
 * Files in an S3-compatible bucket through the AWS SDK (works with AWS S3, MinIO and R2): what
 * several app processes on several machines share. The bucket stays private; the store reads a
 * file and sends it on (server/uploads.ts, ADR 041).
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const where = `the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;
  const objectKey = (key: string) => `${settings.prefix}${key}`;
  return {
    description: where,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
      } catch (error) {
        const status = statusOf(error);
        const why =
          status === 404
            ? "it does not exist"
            : status === 403 || status === 401
              ? "the access key is refused"
              : error instanceof Error
                ? error.message || error.name
                : String(error);
        throw new Error(`Uploads cannot be stored in ${where}: ${why}. Check the S3_* settings.`);
      }
    },
    async write(key, bytes, contentType) {
      if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          // Names are content hashes: what a browser or CDN reads from the bucket never changes.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      try {
        const found = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        if (!(found.Body instanceof Readable)) throw new Error("the bucket sent no body");
        return {
          body: found.Body,
          size: found.ContentLength ?? 0,
          contentType: found.ContentType ?? contentTypeOf(key),
          etag: found.ETag,
          lastModified: found.LastModified,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || statusOf(error) === 404) return null;
        throw error;
      }
    },
  };
}

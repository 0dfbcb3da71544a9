// Uploaded files in an S3-compatible store (AWS S3, MinIO, Cloudflare R2, ...) when S3_BUCKET is
// set, so that every instance behind a load balancer has them. The app still serves them at
// /uploads/... (lib/uploads.ts): the privacy rules decide per request, which a public bucket
// URL could not. A store that does not answer is a StorageUnavailableError (503) for the upload
// or the file asked for, never for the rest of the site.
import type { S3Client } from "@aws-sdk/client-s3";
import { type FileStorage, StorageUnavailableError, uploadsPath } from "./storage";

export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible service's address; unset means AWS. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Unset means the SDK's own chain (environment, instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Short timeouts and one retry: an upload waits seconds, not minutes, on a store that is down. */
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === "NoSuchKey" || failure.$metadata?.httpStatusCode === 404;
}

type Sdk = typeof import("@aws-sdk/client-s3");

export function s3Storage(settings: S3Settings): FileStorage {
  // Loaded on first use: the SDK is large, and most sites keep their files on disk.
  let connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        maxAttempts: 2,
        requestHandler: {
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          requestTimeout: REQUEST_TIMEOUT_MS,
        },
      }),
    }));
    return connection;
  };
  const Bucket = settings.bucket;
  const unavailable = (error: unknown): never => {
    throw new StorageUnavailableError(error);
  };
  return {
    async put(key, body, contentType) {
      uploadsPath(key); // refuses an unsafe key, as the disk does
      const { sdk, client } = await connect();
      await client
        .send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }))
        .catch(unavailable);
    },
    async read(key) {
      uploadsPath(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: await object.Body.transformToByteArray(),
          contentType: object.ContentType ?? "application/octet-stream",
          etag: object.ETag ?? `"${object.LastModified?.getTime() ?? 0}"`,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        return unavailable(error);
      }
    },
    async remove(key) {
      uploadsPath(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })).catch(unavailable);
    },
    async *keys() {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client
          .send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }))
          .catch(unavailable);
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
    },
    publicUrl: uploadsPath,
  };
}

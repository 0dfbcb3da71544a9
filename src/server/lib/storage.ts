// Where uploaded files live (docs/architecture.md "Files and mail"): the disk under
// $DATA_DIR/uploads, or an S3-compatible store when S3_BUCKET is set (lib/s3-storage.ts).
// Features talk to this interface only. Either way the app serves the files itself at
// /uploads/... (lib/uploads.ts), so the same privacy rules and cache headers apply to both.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { HttpError } from "./http-error";

/** A stored file as it is served. */
export type StoredFile = {
  body: Uint8Array;
  contentType: string;
  /** A validator for conditional requests (If-None-Match). */
  etag: string;
};

export type FileStorage = {
  /** Stores `body` under `key` ("avatars/{userId}/avatar.webp"), replacing what was there. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  read(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key (for backups), in no particular order. */
  keys(): AsyncIterable<string>;
  /** The address browsers load the file from, without a version. */
  publicUrl(key: string): string;
};

export const STORAGE_UNAVAILABLE_MESSAGE =
  "File uploads are unavailable right now. Please try again shortly.";

/** The store did not answer (an S3 outage): uploads answer 503, the rest of the site works. */
export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, STORAGE_UNAVAILABLE_MESSAGE, {
      code: "STORAGE_UNAVAILABLE",
      headers: { "retry-after": "30" },
    });
    this.cause = cause;
  }
}

/** The folder that $DATA_DIR/uploads is. */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are relative paths of plain segments: never "..", never absolute. */
export function isStorageKey(key: string): boolean {
  return key.split("/").every((segment) => SAFE_SEGMENT.test(segment));
}

export function checkedSegments(key: string): string[] {
  if (!isStorageKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  return key.split("/");
}

/** Where the app serves `key`: /uploads/{key}, each segment encoded. */
export function uploadsPath(key: string): string {
  return `/uploads/${checkedSegments(key).map(encodeURIComponent).join("/")}`;
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".json": "application/json",
};

/** Files on the local disk under `root`, a folder made now so that DATA_DIR's layout is whole from the start. */
export function diskStorage(root: string): FileStorage {
  mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => path.join(root, ...checkedSegments(key));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees a half-written file.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key) {
      const file = fileOf(key);
      try {
        const [body, info] = await Promise.all([readFile(file), stat(file)]);
        if (!info.isFile()) return null;
        return {
          body,
          contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *keys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep);
        // A write in progress (`*.tmp`) or a stray file that is no key is not an upload.
        if (!entry.name.endsWith(".tmp") && isStorageKey(key.join("/"))) yield key.join("/");
      }
    },
    publicUrl: uploadsPath,
  };
}

// Where uploaded files live (docs/architecture.md "Files and mail"). Features talk to this interface only,
// so an S3-compatible store can replace the disk without touching them.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export type FileStorage = {
  /** Stores `body` under `key` ("avatars/{userId}/avatar.webp"), replacing what was there. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file under `key`; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The address browsers load the file from, without a version. */
  publicUrl(key: string): string;
};

/** The folder that $DATA_DIR/uploads is; lib/uploads.ts serves it at /uploads. */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are relative paths of plain segments: never "..", never absolute. */
export function isStorageKey(key: string): boolean {
  return key.split("/").every((segment) => SAFE_SEGMENT.test(segment));
}

function checkedSegments(key: string): string[] {
  if (!isStorageKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  return key.split("/");
}

/** Files on the local disk under `root`, served by the app at `/uploads/...`. */
export function diskStorage(root: string): FileStorage {
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
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      return `/uploads/${checkedSegments(key).map(encodeURIComponent).join("/")}`;
    },
  };
}

/** The app's storage: the one its dependencies name, else the disk under $DATA_DIR/uploads. */
export function storageOf(deps: { storage?: FileStorage; env: { dataDir: string } }): FileStorage {
  return deps.storage ?? diskStorage(uploadsDirectory(deps.env.dataDir));
}

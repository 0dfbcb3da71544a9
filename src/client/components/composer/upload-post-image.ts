// POST /api/images: one picture for a post (docs/decisions/065); the server re-encodes it.
import { api } from "@/client/lib/api-client";
import type { UploadedPostImage } from "@/shared/api-types";
import {
  IMAGE_INVALID_TITLE,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_LARGE_TITLE,
  POST_IMAGE_MAX_BYTES,
} from "@/shared/post-images";

/** What the server accepts (it checks the bytes; this only saves a pointless upload). */
export const POST_IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
const ACCEPTED = new Set(POST_IMAGE_ACCEPT.split(","));

export type ImageFileProblem = { title: string; description: string };

/** docs/product.md §2.7's checks before an upload, with their toasts; null when it may go. */
export function imageFileProblem(file: File): ImageFileProblem | null {
  if (file.size > POST_IMAGE_MAX_BYTES) {
    return { title: IMAGE_TOO_LARGE_TITLE, description: IMAGE_TOO_LARGE };
  }
  if (!ACCEPTED.has(file.type))
    return { title: IMAGE_INVALID_TITLE, description: IMAGE_NOT_AN_IMAGE };
  return null;
}

export function uploadPostImage(file: File): Promise<UploadedPostImage> {
  const body = new FormData();
  body.set("image", file, file.name);
  return api.post<UploadedPostImage>("/api/images", { body });
}

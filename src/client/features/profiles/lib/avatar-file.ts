import { AVATAR_MAX_BYTES } from "@/shared/constants";

/** What the server accepts (it checks the bytes; this only saves a pointless upload). */
export const AVATAR_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
const ACCEPTED_TYPES = new Set(AVATAR_ACCEPT.split(","));

export type AvatarFileProblem = { title: string; description: string };

/** docs/product.md §5's avatar checks with their toasts; null when the file may be uploaded. */
export function avatarFileProblem(file: File): AvatarFileProblem | null {
  if (file.size > AVATAR_MAX_BYTES) {
    return { title: "File too large", description: "Avatar image must be less than 5MB." };
  }
  if (!ACCEPTED_TYPES.has(file.type)) {
    return { title: "Invalid file type", description: "Please select an image file." };
  }
  return null;
}

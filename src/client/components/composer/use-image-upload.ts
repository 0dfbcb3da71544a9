import { type RefObject, useState } from "react";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import {
  altFromFileName,
  IMAGE_INVALID_TITLE,
  IMAGE_TOO_LARGE_TITLE,
  IMAGES_PER_POST,
  imageIdsIn,
  imageToken,
  TOO_MANY_IMAGES,
} from "@/shared/post-images";
import { imageFileProblem, uploadPostImage } from "./upload-post-image";

/** A refusal's toast title: the avatar's pattern (SPEC), by status. */
function refusalTitle(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return IMAGE_TOO_LARGE_TITLE;
  if (error instanceof ApiError && error.status === 415) return IMAGE_INVALID_TITLE;
  return "Image not added";
}

/**
 * Pasted, dropped or picked images (docs/decisions/065): each is checked, uploaded, and its
 * token (alt text from the file name, which the author may edit) put at the caret on a line
 * of its own. `insert` writes text at the textarea's selection.
 */
export function useImageUpload({
  textareaRef,
  value,
  insert,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  insert: (text: string) => void;
}) {
  const [uploading, setUploading] = useState(0);

  const add = async (files: readonly File[]) => {
    const images = files.filter((file) => file.type.startsWith("image/") || files.length === 1);
    if (images.length === 0) return;
    if (imageIdsIn(value).length + images.length > IMAGES_PER_POST) {
      toast.error("Too many images", { description: TOO_MANY_IMAGES });
      return;
    }
    for (const file of images) {
      const problem = imageFileProblem(file);
      if (problem) {
        toast.error(problem.title, { description: problem.description });
        continue;
      }
      setUploading((count) => count + 1);
      try {
        const image = await uploadPostImage(file);
        const alt = altFromFileName(file.name) || "Image";
        const before = textareaRef.current?.value.slice(0, textareaRef.current.selectionStart);
        const lead = before && !before.endsWith("\n") ? "\n" : "";
        insert(`${lead}${imageToken({ alt, ...image })}\n`);
      } catch (error) {
        toast.error(refusalTitle(error), { description: errorMessage(error) });
      } finally {
        setUploading((count) => count - 1);
      }
    }
  };

  return { uploading: uploading > 0, add };
}

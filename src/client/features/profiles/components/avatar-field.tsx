import { Camera } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { UserAvatar } from "@/client/components/user-avatar";
import { AVATAR_ACCEPT, avatarFileProblem } from "@/client/features/profiles/lib/avatar-file";
import { toast } from "@/client/lib/toast";

type AvatarFieldProps = {
  name: string | null | undefined;
  currentUrl: string | null;
  /** The chosen file (uploaded on Save), or null. */
  file: File | null;
  onFileChange: (file: File | null) => void;
};

/** The avatar with a preview of the chosen file; the upload itself happens on Save. */
export function AvatarField({ name, currentUrl, file, onFileChange }: AvatarFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = avatarFileProblem(chosen);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      if (input.current) input.current.value = "";
      return;
    }
    onFileChange(chosen);
  };

  return (
    <div className="flex items-center gap-4">
      <UserAvatar name={name} avatarUrl={previewUrl ?? currentUrl} className="size-20 text-3xl" />
      <div className="flex min-w-0 flex-col gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={AVATAR_ACCEPT}
          aria-label="Avatar image"
          aria-describedby={hintId}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          <Camera aria-hidden="true" />
          {file || currentUrl ? "Change avatar" : "Upload avatar"}
        </Button>
        <p id={hintId} className="text-muted-foreground text-xs">
          JPG, PNG or GIF. Max size 5MB.
        </p>
        {file ? (
          // The whole note wraps on a phone; a long file name breaks anywhere (issue 38).
          <p className="wrap-anywhere text-xs">{file.name} will be uploaded when you save.</p>
        ) : null}
      </div>
    </div>
  );
}

import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";

type EditorDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A line under the title about what saving does. */
  description: string;
  children: ReactNode;
};

/** A dialog holding an editor's form (the CMS's posts and discussions). */
export function EditorDialog({ open, onClose, title, description, children }: EditorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

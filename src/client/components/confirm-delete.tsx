import { Trash2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog";
import { Button } from "./ui/button";

type ConfirmDeleteProps = {
  /** The question asked, e.g. the product's 'Are you sure you want to delete this word?' */
  question: string;
  /** What is deleted, for the button's accessible name ("Delete {label}"). */
  label: string;
  /** What deleting means; defaults to "removed for good". */
  description?: string;
  onConfirm: () => void;
  disabled?: boolean;
};

/** A delete button that asks first, in an accessible dialog. */
export function ConfirmDelete({
  question,
  label,
  description,
  onConfirm,
  disabled,
}: ConfirmDeleteProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${label}`}
          title="Delete"
          disabled={disabled}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{question}</AlertDialogTitle>
        <AlertDialogDescription>
          {description ?? `“${label}” will be removed for good.`}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import { GitMerge, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useDeferredValue, useId, useState } from "react";
import { EditorDialog } from "@/client/components/editor-dialog";
import { FieldError } from "@/client/components/form/field-error";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import {
  useAddTag,
  useCmsTags,
  useDeleteTag,
  useMergeTag,
  useRenameTag,
} from "@/client/features/tags/api/cms-tags";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { CmsTag } from "@/shared/api-types";
import { tagPath } from "@/shared/tag-paths";
import { normaliseTag, TAG_FORMAT } from "@/shared/tags";

const discussions = (count: number) => `${count} ${count === 1 ? "discussion" : "discussions"}`;

type Change = { kind: "rename" | "merge" | "delete"; tag: CmsTag };

/**
 * The CMS Tags tab (issue 41, moderators and admins; docs/decisions/067): every tag with its
 * count; add a curated tag (listed before any discussion has it), rename, merge into another
 * and delete. Each change is logged.
 */
export function TagsTab() {
  const [search, setSearch] = useState("");
  const prefix = useDeferredValue(search.trim());
  const tags = useCmsTags(prefix);
  const [change, setChange] = useState<Change | null>(null);
  const list = tags.data?.tags ?? [];
  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Tags"
        description="The forum's tags. Tags you add here are offered to members before any discussion has them. Each change is logged."
      />
      <AddTagForm />
      <div className="grid gap-2">
        <Label htmlFor="cms-tag-search">Find a tag</Label>
        <Input
          id="cms-tag-search"
          type="search"
          placeholder="Start of a tag"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {tags.isPending ? (
        <TabFallback />
      ) : tags.isError ? (
        <p className="text-muted-foreground">Failed to load the tags.</p>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground">
          {prefix ? "No tag starts with that." : "No tags yet."}
        </p>
      ) : (
        <ul aria-label="Tags" className="flex flex-col gap-2">
          {list.map((tag) => (
            <li key={tag.id}>
              <Card className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="flex min-w-0 flex-1 flex-col">
                  <a href={tagPath(tag.name)} className="w-fit font-medium hover:underline">
                    #{tag.name}
                  </a>
                  <span className="text-muted-foreground text-xs">
                    {discussions(tag.discussions)}
                    {tag.curated ? " · Added by staff" : " · Added by a member"}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setChange({ kind: "rename", tag })}
                >
                  <Pencil aria-hidden="true" />
                  Rename <span className="sr-only">{tag.name}</span>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setChange({ kind: "merge", tag })}
                >
                  <GitMerge aria-hidden="true" />
                  Merge <span className="sr-only">{tag.name}</span>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setChange({ kind: "delete", tag })}
                >
                  <Trash2 aria-hidden="true" />
                  Delete <span className="sr-only">{tag.name}</span>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {tags.data?.nextAfter ? (
        <p className="text-muted-foreground text-sm">
          The first 100 are shown: type the start of a tag to find the others.
        </p>
      ) : null}
      <EditorDialog
        open={change !== null}
        onClose={() => setChange(null)}
        title={
          change === null
            ? ""
            : change.kind === "rename"
              ? `Rename #${change.tag.name}`
              : change.kind === "merge"
                ? `Merge #${change.tag.name} into another tag`
                : `Delete #${change.tag.name}?`
        }
        description={
          change === null
            ? ""
            : change.kind === "rename"
              ? "Its discussions keep it under the new name."
              : change.kind === "merge"
                ? `Its ${discussions(change.tag.discussions)} take the other tag, and #${change.tag.name} goes.`
                : `It is taken off its ${discussions(change.tag.discussions)}. This cannot be undone.`
        }
      >
        {change ? (
          <ChangeTagForm
            key={`${change.kind}-${change.tag.id}`}
            change={change}
            onDone={() => setChange(null)}
          />
        ) : null}
      </EditorDialog>
    </div>
  );
}

function AddTagForm() {
  const id = useId();
  const add = useAddTag();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tag = normaliseTag(name);
    if (tag === null) {
      setError(TAG_FORMAT);
      return;
    }
    try {
      await add.mutateAsync(tag);
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    }
    toast.success(`Tag #${tag} added`);
    setName("");
    setError(null);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Label htmlFor={`${id}-name`}>New tag</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-name`}
          className="max-w-xs"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden="true" />
          Add tag
        </Button>
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </form>
  );
}

function ChangeTagForm({ change, onDone }: { change: Change; onDone: () => void }) {
  const id = useId();
  const rename = useRenameTag();
  const merge = useMergeTag();
  const remove = useDeleteTag();
  const [name, setName] = useState(change.kind === "rename" ? change.tag.name : "");
  const [error, setError] = useState<string | null>(null);
  const pending = rename.isPending || merge.isPending || remove.isPending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tag = change.kind === "delete" ? "" : normaliseTag(name);
    if (tag === null) {
      setError(TAG_FORMAT);
      return;
    }
    try {
      if (change.kind === "rename") await rename.mutateAsync({ id: change.tag.id, name: tag });
      else if (change.kind === "merge") await merge.mutateAsync({ id: change.tag.id, into: tag });
      else await remove.mutateAsync(change.tag.id);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      setError(fields?.name ?? fields?.into ?? errorMessage(failure));
      return;
    }
    toast.success(
      change.kind === "rename"
        ? `Renamed to #${tag}`
        : change.kind === "merge"
          ? `Merged into #${tag}`
          : `Tag #${change.tag.name} deleted`,
    );
    onDone();
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {change.kind === "delete" ? null : (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>
            {change.kind === "rename" ? "New name" : "Merge into"}
          </Label>
          <Input
            id={`${id}-name`}
            value={name}
            placeholder={change.kind === "merge" ? "An existing tag" : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      )}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={change.kind === "delete" ? "destructive" : "default"}
          disabled={pending}
        >
          {change.kind === "rename" ? "Rename" : change.kind === "merge" ? "Merge" : "Delete tag"}
        </Button>
      </div>
    </form>
  );
}

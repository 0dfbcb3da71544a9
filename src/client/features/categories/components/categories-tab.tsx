import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { EditorDialog } from "@/client/components/editor-dialog";
import { FieldError } from "@/client/components/form/field-error";
import { TextField } from "@/client/components/form/text-field";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Switch } from "@/client/components/ui/switch";
import { useDeleteCategory } from "@/client/features/categories/api/delete-category";
import { useSaveCategory } from "@/client/features/categories/api/save-category";
import { errorMessage } from "@/client/lib/api-client";
import { useCategories } from "@/client/lib/categories";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import type { Category } from "@/shared/api-types";
import { type CategoryInput, type CategoryValues, categorySchema } from "@/shared/categories";

const FIELDS = ["name", "slug", "description", "colour", "position", "staffOnly"] as const;

/**
 * The CMS Categories tab (issue 41, admins): the forum's categories in their order, each with
 * its colour, count and who may start discussions in it; add, change, delete (asking where its
 * discussions go).
 */
export function CategoriesTab() {
  const categories = useCategories();
  const [editing, setEditing] = useState<Category | "new" | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const list = categories.data?.categories ?? [];
  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Categories"
        description="The forum's categories, shared with the blog. Each change is logged."
        action={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            New category
          </Button>
        }
      />
      {categories.isPending ? (
        <TabFallback />
      ) : categories.isError ? (
        <p className="text-muted-foreground">Failed to load the categories.</p>
      ) : (
        <ul aria-label="Categories" className="flex flex-col gap-2">
          {list.map((category) => (
            <li key={category.id}>
              <Card className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span
                  aria-hidden="true"
                  className="size-4 shrink-0 rounded-full"
                  style={{ backgroundColor: category.colour }}
                />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="font-medium">
                    {category.name}{" "}
                    <span className="text-muted-foreground text-xs">/{category.slug}</span>
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {`Order ${category.position} · ${category.discussions} ${category.discussions === 1 ? "discussion" : "discussions"}`}
                    {category.staffOnly ? " · Staff only" : ""}
                  </span>
                </div>
                <Button variant="outline" size="sm" onClick={() => setEditing(category)}>
                  <Pencil aria-hidden="true" />
                  Edit <span className="sr-only">{category.name}</span>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setDeleting(category)}
                  disabled={list.length === 1}
                >
                  <Trash2 aria-hidden="true" />
                  Delete <span className="sr-only">{category.name}</span>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <EditorDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "New category" : "Edit category"}
        description="The colour must stand out from both the light and the dark background."
      >
        {editing !== null ? (
          <CategoryForm
            key={editing === "new" ? "new" : editing.id}
            category={editing === "new" ? null : editing}
            nextPosition={Math.max(0, ...list.map((category) => category.position)) + 1}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </EditorDialog>
      <EditorDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this category?"
        description="Its discussions and blog posts move to the category you choose."
      >
        {deleting ? (
          <DeleteCategoryForm
            category={deleting}
            others={list.filter((other) => other.id !== deleting.id)}
            onDone={() => setDeleting(null)}
          />
        ) : null}
      </EditorDialog>
    </div>
  );
}

function CategoryForm({
  category,
  nextPosition,
  onDone,
}: {
  category: Category | null;
  nextPosition: number;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveCategory();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryInput, unknown, CategoryValues>({
    resolver: zodResolver(categorySchema),
    defaultValues: category
      ? {
          name: category.name,
          slug: category.slug,
          description: category.description,
          colour: category.colour,
          position: category.position,
          staffOnly: category.staffOnly,
        }
      : { name: "", slug: "", description: "", colour: "#1c7ed6", position: nextPosition },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: category?.id ?? null, values });
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      toast.error("Failed to save the category.", { description: errorMessage(error) });
      return;
    }
    toast.success(category ? "Category updated" : "Category added");
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        id={`${id}-name`}
        label="Name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        id={`${id}-slug`}
        label="Slug (its address: /discussion/c/slug)"
        error={errors.slug?.message}
        {...register("slug")}
      />
      <TextField
        id={`${id}-description`}
        label="Description"
        error={errors.description?.message}
        {...register("description")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-colour`}
          label="Colour (#rrggbb)"
          error={errors.colour?.message}
          {...register("colour")}
        />
        <TextField
          id={`${id}-position`}
          label="Order"
          type="number"
          error={errors.position?.message}
          {...register("position", { valueAsNumber: true })}
        />
      </div>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={`${id}-staff-only`}>Only staff start discussions here</Label>
        <Controller
          control={control}
          name="staffOnly"
          render={({ field }) => (
            <Switch
              id={`${id}-staff-only`}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : category ? "Save changes" : "Add category"}
        </Button>
      </div>
    </form>
  );
}

function DeleteCategoryForm({
  category,
  others,
  onDone,
}: {
  category: Category;
  others: Category[];
  onDone: () => void;
}) {
  const id = useId();
  const remove = useDeleteCategory();
  const [moveTo, setMoveTo] = useState(others[0]?.slug ?? "");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync({ id: category.id, moveTo });
    } catch (caught) {
      setError(errorMessage(caught));
      return;
    }
    toast.success("Category deleted");
    onDone();
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-move-to`}>Move its discussions to</Label>
        <NativeSelect
          id={`${id}-move-to`}
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {others.map((other) => (
            <option key={other.slug} value={other.slug}>
              {other.name}
            </option>
          ))}
        </NativeSelect>
        {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending || !moveTo}>
          {remove.isPending ? "Deleting..." : `Delete ${category.name}`}
        </Button>
      </div>
    </form>
  );
}

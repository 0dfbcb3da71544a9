import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { ComposerField } from "@/client/components/composer/composer-field";
import { FieldError } from "@/client/components/form/field-error";
import { TextField } from "@/client/components/form/text-field";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import { Switch } from "@/client/components/ui/switch";
import { useCategories } from "@/client/lib/categories";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import type { CmsBlogPost, NewsletterContent } from "@/shared/api-types";
import { DEFAULT_BLOG_CATEGORY, LIMITS, readTimeMinutes } from "@/shared/constants";
import { type BlogPostInput, type BlogPostValues, blogPostSchema } from "@/shared/schemas";

const FIELDS = ["title", "excerpt", "content", "category", "status", "featured"] as const;

type BlogPostFormProps = {
  /** The post being edited; absent for a new post, which always starts as a draft. */
  post?: CmsBlogPost;
  /** Resolves when saved; throws the ApiError otherwise (its field messages are shown). */
  onSubmit: (values: BlogPostValues) => Promise<void>;
  /**
   * "Publish and email subscribers": saves the post as published, then emails it. Offered
   * for a saved post never emailed (a post goes out once).
   */
  onPublishAndEmail?: (values: BlogPostValues, content: NewsletterContent) => Promise<void>;
  onCancel: () => void;
};

const EMPTY: BlogPostInput = {
  title: "",
  excerpt: "",
  content: "",
  // "Uncategorized" (docs/decisions/066: the forum's categories, or none).
  category: "",
  status: "draft",
  featured: false,
};

/** docs/product.md §2.21.2 blog post form: title, excerpt and content required; category; status. */
export function BlogPostForm({ post, onSubmit, onPublishAndEmail, onCancel }: BlogPostFormProps) {
  const [emailContent, setEmailContent] = useState<NewsletterContent>("excerpt");
  const categories = useCategories();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BlogPostInput, unknown, BlogPostValues>({
    resolver: zodResolver(blogPostSchema),
    defaultValues: post
      ? {
          title: post.title,
          excerpt: post.excerpt,
          content: post.content,
          category: post.categorySlug ?? "",
          status: post.status,
          featured: post.featured,
        }
      : EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
    }
  });

  const publishAndEmail = handleSubmit(async (values) => {
    try {
      await onPublishAndEmail?.({ ...values, status: "published" }, emailContent);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
    }
  });
  const canEmail = Boolean(post && onPublishAndEmail && !post.newsletter);

  const contentRef = useRef<HTMLTextAreaElement>(null);
  const content = watch("content");
  const minutes = readTimeMinutes(content);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        id="post-title"
        label="Title"
        maxLength={LIMITS.title}
        error={errors.title?.message}
        {...register("title")}
      />
      <TextareaField
        id="post-excerpt"
        label="Excerpt"
        rows={2}
        maxLength={LIMITS.excerpt}
        error={errors.excerpt?.message}
        {...register("excerpt")}
      />
      {/* The one composer (docs/decisions/064), without mentions: a post names no members. */}
      <Controller
        control={control}
        name="content"
        render={({ field }) => (
          <ComposerField
            id="post-content"
            label="Content"
            rows={10}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            fieldRef={field.ref}
            textareaRef={contentRef}
            max={LIMITS.content}
            counterNote={minutes > 0 ? ` · ${minutes} min read` : undefined}
            error={errors.content?.message}
            mentions={false}
            onSubmitShortcut={() => {
              if (!isSubmitting) void submit();
            }}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="post-category">Category</Label>
          <NativeSelect id="post-category" {...register("category")}>
            <option value="">{DEFAULT_BLOG_CATEGORY}</option>
            {categories.data?.categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
          {errors.category ? <FieldError>{errors.category.message}</FieldError> : null}
        </div>
        {post ? (
          <div className="grid gap-2">
            <Label htmlFor="post-status">Status</Label>
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="post-status" onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="draft">Draft</SelectItem>
                    <SelectItem value="published">Published</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </div>
        ) : null}
      </div>
      {post ? (
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="featured"
            render={({ field }) => (
              <Switch
                id="post-featured"
                checked={field.value ?? false}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Label htmlFor="post-featured">Featured post</Label>
        </div>
      ) : (
        <p className="rounded-md bg-muted px-3 py-2 text-muted-foreground text-sm">
          New posts start as drafts. Publish one by editing it once it is ready.
        </p>
      )}
      {canEmail ? (
        <fieldset className="grid gap-2 rounded-md border p-3">
          <legend className="px-1 font-medium text-sm">Email to newsletter subscribers</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {(
              [
                ["excerpt", "Excerpt with a “Read more” link"],
                ["full", "The full post"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="email-content"
                  value={value}
                  checked={emailContent === value}
                  onChange={() => setEmailContent(value)}
                  className="accent-primary"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        {canEmail ? (
          <Button
            type="button"
            variant="outline"
            disabled={isSubmitting}
            onClick={() => void publishAndEmail()}
          >
            Publish and email subscribers
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : post ? "Save changes" : "Create post"}
        </Button>
      </div>
    </form>
  );
}

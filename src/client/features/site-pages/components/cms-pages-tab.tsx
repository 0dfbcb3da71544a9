import { type FormEvent, useEffect, useState } from "react";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Link } from "@/client/components/link";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { useSitePage } from "@/client/features/site-pages/api/get-site-page";
import { useSaveSitePage } from "@/client/features/site-pages/api/save-site-page";
import { ApiError } from "@/client/lib/api-client";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import { LIMITS } from "@/shared/constants";
import { sitePageSchema } from "@/shared/schemas";

/**
 * The CMS Pages tab (admins, docs/decisions/030): the Terms of Service at /terms. Plain text;
 * a line starting "## " is a heading, a blank line starts a paragraph.
 */
export function CmsPagesTab() {
  const page = useSitePage("terms");
  const save = useSaveSitePage();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  // A change members must be told of and accept again (docs/decisions/082).
  const [material, setMaterial] = useState(false);
  const content = draft ?? page.data?.content ?? "";

  useEffect(() => {
    if (page.isError && !(page.error instanceof ApiError && page.error.status === 404)) {
      toast.error("Error", { description: "Failed to load the page." });
    }
  }, [page.isError, page.error]);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sitePageSchema.safeParse({ content, material });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      { slug: "terms", content: parsed.data.content, material: parsed.data.material },
      {
        onSuccess: (saved) => {
          setDraft(null);
          setMaterial(false);
          toast.success("Page saved", {
            description: `The Terms of Service are now version ${saved.version}.${
              parsed.data.material ? " Members are being told and asked to accept them." : ""
            }`,
          });
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiError ? (failure.fields?.content ?? failure.message) : undefined;
          setError(message);
          toast.error("Failed to save the page");
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Pages"
        description="Pages the site shows as you write them here. A line starting '## ' is a heading; a blank line starts a new paragraph."
        action={
          <Link to={paths.terms} className="font-medium text-primary text-sm underline">
            View the Terms of Service
          </Link>
        }
      />
      {page.isPending ? (
        <TabFallback />
      ) : (
        <form onSubmit={onSave} className="flex flex-col gap-4">
          <TextareaField
            id="site-page-terms"
            label="Terms of Service"
            rows={18}
            value={content}
            maxLength={LIMITS.sitePage}
            error={error}
            counter={{ length: content.length, max: LIMITS.sitePage }}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p className="text-muted-foreground text-sm">
            {page.data ? `Version ${page.data.version}. ` : ""}Each save keeps a new version with
            its date. Keep each rule's heading with its anchor, such as {"{#rule-spam}"}: moderation
            notices link to it.
          </p>
          <label className="flex items-start gap-2 text-sm" htmlFor="site-page-material">
            <input
              id="site-page-material"
              type="checkbox"
              className="mt-1"
              checked={material}
              onChange={(event) => setMaterial(event.target.checked)}
            />
            <span>
              This is a material change: tell every member (in the site and by email) and ask them
              to accept the new terms. Leave it off for corrections that change no one's rights.
            </span>
          </label>
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending || draft === null}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending || draft === null}
              onClick={() => {
                setDraft(null);
                setError(undefined);
              }}
            >
              Discard changes
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

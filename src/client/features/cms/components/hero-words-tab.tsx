import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { ConfirmDelete } from "@/client/components/confirm-delete";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { fieldErrorClassName } from "@/client/components/ui/field-classes";
import { Input } from "@/client/components/ui/input";
import { Switch } from "@/client/components/ui/switch";
import { useAddHeroWord } from "@/client/features/cms/api/add-hero-word";
import { useDeleteHeroWord } from "@/client/features/cms/api/delete-hero-word";
import { useCmsHeroWords } from "@/client/features/cms/api/get-cms-hero-words";
import { useSetHeroWordActive } from "@/client/features/cms/api/set-hero-word-active";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { LIMITS } from "@/shared/constants";
import { cleanText } from "@/shared/schemas";

const DUPLICATE_WORD = "This word is already in the list.";

/** docs/product.md §2 Hero Words (every staff role): the words the home page's hero types out. */
export function HeroWordsTab() {
  const words = useCmsHeroWords();
  const add = useAddHeroWord();
  const setActive = useSetHeroWordActive();
  const remove = useDeleteHeroWord();
  const [draft, setDraft] = useState("");
  const word = cleanText(draft);
  // Issue 21: the list refuses a word it has (the server says the same with a 409).
  const duplicate =
    word !== "" &&
    (words.data?.words.some((entry) => entry.word.toLowerCase() === word.toLowerCase()) ?? false);

  useEffect(() => {
    if (words.isError) toast.error("Error", { description: "Failed to load words." });
  }, [words.isError]);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!word || duplicate) return;
    add.mutate(word, {
      onSuccess: () => {
        toast.success("Word added successfully");
        setDraft("");
      },
      onError: (error) =>
        toast.error("Failed to add word", {
          description:
            error instanceof ApiError && error.status === 409 ? DUPLICATE_WORD : undefined,
        }),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Hero Words"
        description="The home page types the active words in this order after 'Sometimes you just need to...'."
      />
      <form onSubmit={onAdd} className="flex flex-col gap-2">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            aria-label="New word"
            placeholder="Add a new word..."
            value={draft}
            maxLength={LIMITS.heroWord}
            aria-invalid={duplicate || undefined}
            aria-describedby={duplicate ? "hero-word-duplicate" : undefined}
            onChange={(event) => setDraft(event.target.value)}
            className="sm:max-w-sm"
          />
          <Button type="submit" disabled={!word || duplicate || add.isPending}>
            <Plus aria-hidden="true" />
            {add.isPending ? "Adding..." : "Add"}
          </Button>
        </div>
        {duplicate ? (
          <p id="hero-word-duplicate" className={fieldErrorClassName}>
            {DUPLICATE_WORD}
          </p>
        ) : null}
      </form>
      {words.isPending ? (
        <TabFallback />
      ) : !words.data || words.data.words.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          {words.isError
            ? "Failed to load words."
            : "No words yet: the home page shows 'vent' until you add one."}
        </p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Hero words">
          {words.data.words.map((entry) => (
            <li key={entry.id}>
              <Card className="flex items-center gap-3 px-4 py-3">
                <span className="w-8 text-muted-foreground text-sm tabular-nums">
                  {entry.displayOrder}
                </span>
                <span
                  className={`flex-1 wrap-anywhere font-medium ${entry.isActive ? "" : "text-muted-foreground line-through"}`}
                >
                  {entry.word}
                </span>
                <Switch
                  checked={entry.isActive}
                  aria-label={`Active: ${entry.word}`}
                  disabled={setActive.isPending && setActive.variables?.id === entry.id}
                  onCheckedChange={(isActive) =>
                    setActive.mutate(
                      { id: entry.id, isActive },
                      {
                        onSuccess: () => toast.success("Word updated successfully"),
                        onError: () => toast.error("Failed to update word"),
                      },
                    )
                  }
                />
                <ConfirmDelete
                  question="Are you sure you want to delete this word?"
                  label={entry.word}
                  disabled={remove.isPending && remove.variables === entry.id}
                  onConfirm={() =>
                    remove.mutate(entry.id, {
                      onSuccess: () => toast.success("Word deleted successfully"),
                      onError: () => toast.error("Failed to delete word"),
                    })
                  }
                />
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

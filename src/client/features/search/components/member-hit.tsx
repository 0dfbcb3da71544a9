import { UserAvatar } from "@/client/components/user-avatar";
import type { SearchMemberHit } from "@/shared/search";
import { Highlighted } from "./highlighted";
import { HitCard, HitLink } from "./hit-card";

/** A public member found by name, bio or location; the excerpt says where, when not the name. */
export function MemberHit({ hit }: { hit: SearchMemberHit }) {
  return (
    <HitCard className="flex items-start gap-3">
      <UserAvatar name={hit.name} avatarUrl={hit.avatarUrl} className="mt-0.5 size-9 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <HitLink to={hit.path}>{hit.name}</HitLink>
        {hit.excerpt ? (
          <p className="text-muted-foreground text-sm leading-5 [overflow-wrap:anywhere]">
            <Highlighted text={hit.excerpt} />
          </p>
        ) : null}
      </div>
    </HitCard>
  );
}

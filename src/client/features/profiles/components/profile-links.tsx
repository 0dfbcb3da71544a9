import { AtSign, Globe, Link as LinkIcon } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { type SocialLink, socialLinks } from "@/client/features/profiles/lib/social-links";
import type { PublicProfile } from "@/shared/api-types";

const ICONS: Record<SocialLink["kind"], typeof Globe> = {
  website: Globe,
  twitter: AtSign,
  linkedin: LinkIcon,
};

/** Website, Twitter and LinkedIn, each opening in a new tab. */
export function ProfileLinks({ profile }: { profile: PublicProfile }) {
  const links = socialLinks(profile);
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {links.map(({ kind, label, href }) => {
        const Icon = ICONS[kind];
        return (
          <li key={kind}>
            <Button variant="outline" size="sm" asChild>
              <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                <Icon aria-hidden="true" />
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

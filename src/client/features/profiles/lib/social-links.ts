import type { PublicProfile } from "@/shared/api-types";

export type SocialLink = { kind: "website" | "twitter" | "linkedin"; label: string; href: string };

/** The profile's website, Twitter and LinkedIn buttons (docs/product.md §2 Profile), in that order. */
export function socialLinks(profile: PublicProfile): SocialLink[] {
  const links: SocialLink[] = [];
  if (profile.website) links.push({ kind: "website", label: "Website", href: profile.website });
  if (profile.socialTwitter) {
    links.push({
      kind: "twitter",
      label: `@${profile.socialTwitter}`,
      href: `https://twitter.com/${encodeURIComponent(profile.socialTwitter)}`,
    });
  }
  if (profile.socialLinkedin) {
    links.push({ kind: "linkedin", label: "LinkedIn", href: profile.socialLinkedin });
  }
  return links;
}

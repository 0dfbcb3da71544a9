import type * as React from "react";
import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { buttonVariants } from "@/client/components/ui/button-variants";

type InvalidLinkNoticeProps = {
  /** Why links stop working and how to get one that works. */
  children: React.ReactNode;
  /** The place to get a new link. */
  action: { to: string; label: string };
};

/** An emailed link that is bad, expired, already used or replaced by a newer one. */
export function InvalidLinkNotice({ children, action }: InvalidLinkNoticeProps) {
  return (
    <div className="grid gap-4">
      <Notice tone="error" role="alert">
        <p className="font-medium">This link is invalid or has expired</p>
        {children}
      </Notice>
      <Link to={action.to} className={buttonVariants({ variant: "outline" })}>
        {action.label}
      </Link>
    </div>
  );
}

import type * as React from "react";
import { Notice } from "../../../components/notice";

type InvalidLinkNoticeProps = {
  /** How to get a link that works. */
  children: React.ReactNode;
};

/** An emailed link that is bad, expired, already used or replaced by a newer one. */
export function InvalidLinkNotice({ children }: InvalidLinkNoticeProps) {
  return (
    <Notice tone="error" role="alert">
      <p className="font-medium">This link is invalid or has expired</p>
      {children}
    </Notice>
  );
}

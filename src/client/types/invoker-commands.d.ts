// HTML's invoker commands (`command` and `commandfor` on a button): a button that opens or
// closes a dialog with no script, from the first paint. React passes the attributes through;
// its types do not list them yet.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | undefined;
    commandfor?: string | undefined;
  }
}

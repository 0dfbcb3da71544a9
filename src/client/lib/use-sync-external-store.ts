// wouter imports useSyncExternalStore from the `use-sync-external-store` shim, written for React
// before 18. React 19 has the hook itself; vite.config.ts points the shim here, so the browser
// does not download a copy of what React already gives.
export { useSyncExternalStore } from "react";

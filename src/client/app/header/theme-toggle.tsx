import { Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { chooseTheme, currentTheme, subscribeToTheme } from "@/client/lib/theme";

type ThemeToggleProps = {
  className?: string;
  /** Shows "Dark theme" beside the icon (the phone menu); the header shows the icon only. */
  withLabel?: boolean;
};

/**
 * Switches between the light and the dark theme and keeps the choice (docs/decisions/030). A
 * toggle button: pressed means dark. The server renders it unpressed; the browser then shows the theme it finds.
 */
export function ThemeToggle({
  className = `${buttonVariants({ variant: "ghost", size: "icon" })} max-md:hidden`,
  withLabel = false,
}: ThemeToggleProps) {
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, () => "light" as const);
  const dark = theme === "dark";
  const Icon = dark ? Sun : Moon;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={dark}
      aria-label={withLabel ? undefined : "Dark theme"}
      title={dark ? "Switch to the light theme" : "Switch to the dark theme"}
      onClick={() => chooseTheme(dark ? "light" : "dark")}
    >
      <Icon aria-hidden="true" className="size-5" />
      {withLabel ? "Dark theme" : null}
    </button>
  );
}

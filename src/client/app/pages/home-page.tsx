import { FALLBACK_HERO_WORD } from "../../../shared/constants";
import { usePageTitle } from "../../hooks/use-page-title";

export function HomePage() {
  usePageTitle();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-20 text-center sm:py-28">
      <h1 className="font-bold text-4xl tracking-tight sm:text-6xl">
        Sometimes you just need to... <span className="text-primary">{FALLBACK_HERO_WORD}</span>
      </h1>
    </section>
  );
}

import { buttonVariants } from "@/client/components/ui/button-variants";
import { RotatingWord } from "./rotating-word";

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="border-b bg-gradient-to-b from-accent/60 to-background"
    >
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
        <h1 id="hero-heading" className="font-bold text-4xl tracking-tight sm:text-6xl">
          Sometimes you just need to...
          <span className="mt-2 block min-h-[1.2em]">
            <RotatingWord />
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground leading-relaxed">
          Honest opinions, unfiltered rants and the everyday things that drive us up the wall. Pull
          up a chair and say what you really think.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <a href="#posts" className={buttonVariants({ size: "lg" })}>
            Read the latest posts
          </a>
          <a href="#about" className={buttonVariants({ size: "lg", variant: "outline" })}>
            About this blog
          </a>
        </div>
      </div>
    </section>
  );
}

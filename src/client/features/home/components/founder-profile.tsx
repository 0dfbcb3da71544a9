/** The one founder profile of docs/product.md §2 Home (static content), also shown on /team. */
export function FounderProfile() {
  return (
    <figure className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
      <span
        aria-hidden="true"
        className="flex size-24 shrink-0 items-center justify-center rounded-full bg-primary font-bold font-serif text-3xl text-primary-foreground"
      >
        SC
      </span>
      <div>
        <figcaption>
          <span className="block font-semibold font-serif text-2xl">Sam Carter</span>
          <span className="text-muted-foreground text-sm">Founder and chief ranter</span>
        </figcaption>
        <p className="mt-4 leading-relaxed">
          I started this blog after one too many days of nodding along to things I did not agree
          with. Here I write about everyday absurdities, the opinions I keep to myself at dinner
          parties, and the stories that taught me something. Honesty beats politeness here, but
          kindness still wins.
        </p>
      </div>
    </figure>
  );
}

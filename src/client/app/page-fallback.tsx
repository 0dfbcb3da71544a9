/** Shown in the page area while a page's code is loading on the first visit. */
export function PageFallback() {
  // Plain elements, not <Skeleton>: this is part of the first download (see site-header.tsx).
  const bar = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12">
      <span role="status" className="sr-only">
        Loading...
      </span>
      <div aria-hidden="true" className={`${bar} h-10 w-2/3 max-w-md`} />
      <div aria-hidden="true" className={`${bar} mt-6 h-4 w-full max-w-2xl`} />
      <div aria-hidden="true" className={`${bar} mt-3 h-4 w-5/6 max-w-xl`} />
    </div>
  );
}

import { useSiteInfo } from "@/client/features/privacy/api/get-site-info";

/** The configured privacy contact address (PRIVACY_EMAIL) as a mailto link. */
export function PrivacyEmail() {
  const { data, isError } = useSiteInfo();
  if (data) {
    return (
      <a
        href={`mailto:${data.privacyEmail}`}
        className="font-medium text-primary underline underline-offset-2"
      >
        {data.privacyEmail}
      </a>
    );
  }
  if (isError) return <span>our privacy contact (the address could not be loaded)</span>;
  return (
    <span
      aria-busy="true"
      className="inline-block h-4 w-44 animate-pulse rounded bg-muted align-middle"
    />
  );
}

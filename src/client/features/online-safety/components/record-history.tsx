import { useState } from "react";
import { useRecordVersions } from "../api/get-record-versions";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });

/** A record's saved versions (decision 076), read when opened. */
export function RecordHistory({ recordKey, label }: { recordKey: string; label: string }) {
  const [open, setOpen] = useState(false);
  const versions = useRecordVersions(recordKey, open);
  return (
    <details
      className="text-sm"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-muted-foreground underline-offset-4 hover:underline">
        Version history<span className="sr-only"> of {label}</span>
      </summary>
      {versions.isPending ? (
        <p className="mt-2 text-muted-foreground">Loading versions...</p>
      ) : versions.isError ? (
        <p className="mt-2">Failed to load the versions.</p>
      ) : versions.data.versions.length === 0 ? (
        <p className="mt-2 text-muted-foreground">Not saved yet.</p>
      ) : (
        <ol aria-label={`Saved versions of ${label}`} className="mt-2 flex flex-col gap-1">
          {versions.data.versions.map((version) => (
            <li key={version.version}>
              Version {version.version}, saved{" "}
              <time dateTime={version.savedAt}>{when(version.savedAt)} UTC</time> by{" "}
              {version.savedByName}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

export function SavedLine({
  version,
}: {
  version: { version: number; savedAt: string; savedByName: string } | null | undefined;
}) {
  if (!version) return <p className="text-muted-foreground text-sm">Not recorded yet.</p>;
  return (
    <p className="text-muted-foreground text-sm">
      Version {version.version}, saved{" "}
      <time dateTime={version.savedAt}>{when(version.savedAt)} UTC</time> by {version.savedByName}
    </p>
  );
}

// A reminder's time as a datetime-local field holds it (the reader's own zone, to the minute)
// and back to the instant the API takes.

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-12-01T09:30" in the reader's zone, or "" for no reminder. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The field's local time as an ISO instant, or null when empty (or not a time). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

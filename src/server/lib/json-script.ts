// JSON inside a <script> element (the page's data, structured data). `<` is written as \u003c,
// which JSON reads back as `<`: no text in the data can then close the element (`</script>`)
// or open a comment (`<!--`) that swallows what follows.

export function jsonScript(type: string, data: unknown, id?: string): string {
  const json = JSON.stringify(data).replaceAll("<", "\\u003c");
  return `<script type="${type}"${id === undefined ? "" : ` id="${id}"`}>${json}</script>`;
}

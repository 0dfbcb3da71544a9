// markdown-it-ins (++underline++ as ins_open / ins_close tokens) ships no types.
declare module "markdown-it-ins" {
  import type { MarkdownIt } from "markdown-it";
  export default function ins(md: MarkdownIt): void;
}

// A page staff write in the CMS (docs/decisions/030), shown as text: a line starting "## " is a
// heading, blank lines separate paragraphs. No markup is read, so nothing written there can
// become HTML.
import { Fragment, type ReactNode } from "react";

type Block = { kind: "heading" | "paragraph"; text: string; id?: string };

// `## Title {#rule-spam}`: the heading's anchor, which moderation notices link
// (docs/decisions/082). Only lower-case letters, digits and hyphens become an id.
const ANCHORED = /^(.*?)\s*\{#([a-z0-9-]{1,60})\}\s*$/;

export function sitePageBlocks(content: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };
  for (const line of content.split(/\r?\n/)) {
    const heading = /^##\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const text = (heading[1] ?? "").trim();
      const anchored = ANCHORED.exec(text);
      blocks.push(
        anchored
          ? { kind: "heading", text: anchored[1] ?? "", id: anchored[2] }
          : { kind: "heading", text },
      );
    } else if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

function withLineBreaks(text: string): ReactNode {
  return text.split("\n").map((line, index, lines) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one paragraph never move.
    <Fragment key={index}>
      {line}
      {index < lines.length - 1 && <br />}
    </Fragment>
  ));
}

export function SitePageText({ content }: { content: string }) {
  return (
    <div className="grid gap-4 leading-relaxed">
      {sitePageBlocks(content).map((block, index) =>
        block.kind === "heading" ? (
          <h2
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks come in the text's order.
            key={index}
            id={block.id}
            className="mt-6 scroll-mt-24 font-bold text-2xl tracking-tight first:mt-0"
          >
            {block.text}
          </h2>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks come in the text's order.
          <p key={index}>{withLineBreaks(block.text)}</p>
        ),
      )}
    </div>
  );
}

// A page staff write in the CMS (docs/decisions/030), shown as text: a line starting "## " is a
// heading, blank lines separate paragraphs, and a path of this site ("/complaints") is a link
// to it. No markup is read, so nothing written there can become HTML.
import { Fragment, type ReactNode } from "react";
import { Link } from "@/client/components/link";

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

// A path of this site, after a space or an opening bracket: "/report", "/settings/email". Only
// lower-case letters, digits, hyphens and slashes, so it can never leave the site.
const SITE_PATH = /(?<=^|[\s(])(\/[a-z0-9-]+(?:\/[a-z0-9-]+)*)/;

/** A line's text and its site paths, alternating: odd parts are paths. */
export function sitePathParts(line: string): string[] {
  return line.split(SITE_PATH);
}

const linkClass = "font-medium text-primary underline underline-offset-2";

function withLinks(line: string): ReactNode {
  return sitePathParts(line).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line never move.
      <Link key={index} to={part} className={linkClass}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

function withLineBreaks(text: string): ReactNode {
  return text.split("\n").map((line, index, lines) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one paragraph never move.
    <Fragment key={index}>
      {withLinks(line)}
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

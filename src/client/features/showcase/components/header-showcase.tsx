import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { useSiteName } from "@/client/lib/site-name";
import { toast } from "@/client/lib/toast";
import { HEADER_DESIGNS } from "./header-designs";

/** docs/product.md §2's ten header designs, each with a 'select this design' button. */
export function HeaderShowcase() {
  const [selected, setSelected] = useState<string | null>(null);
  const siteName = useSiteName();

  return (
    <ol className="grid gap-8">
      {HEADER_DESIGNS.map((design, index) => {
        const isSelected = selected === design.name;
        return (
          <li key={design.name} className="min-w-0">
            <section
              aria-label={`Design ${index + 1}: ${design.name}`}
              className={`rounded-xl border bg-card p-5 shadow-sm shadow-ink/5 ${isSelected ? "ring-2 ring-primary" : ""}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h2 className="font-bold text-xl">
                    {index + 1}. {design.name}
                  </h2>
                  <p className="text-muted-foreground text-sm">{design.description}</p>
                </div>
                <Button
                  variant={isSelected ? "default" : "outline"}
                  aria-pressed={isSelected}
                  onClick={() => {
                    setSelected(design.name);
                    toast.success("Design selected", {
                      description: `Header design ${index + 1}: ${design.name}.`,
                    });
                  }}
                >
                  {isSelected ? "Selected" : "Select this design"}
                </Button>
              </div>
              {/* Headers are wide: on a phone the picture scrolls sideways inside its frame. */}
              <div className="mt-5 overflow-x-auto rounded-lg border">
                <div className="min-w-xl">{design.render(siteName)}</div>
              </div>
            </section>
          </li>
        );
      })}
    </ol>
  );
}

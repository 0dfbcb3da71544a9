import { PageContainer } from "@/client/components/page-container";
import { SearchView } from "@/client/features/search/components/search-view";
import { useSearchInput } from "@/client/features/search/hooks/use-search-input";
import { usePageTitle } from "@/client/hooks/use-page-title";

export function SearchPage() {
  const input = useSearchInput();
  usePageTitle(input.q ? `Search: ${input.q}` : "Search");
  return (
    <PageContainer>
      <SearchView input={input} />
    </PageContainer>
  );
}

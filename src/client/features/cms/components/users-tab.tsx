import { useEffect, useState } from "react";
import { LoadMoreButton } from "@/client/components/load-more-button";
import { SearchInput } from "@/client/components/search-input";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Card } from "@/client/components/ui/card";
import { useUsers } from "@/client/features/cms/api/get-users";
import { useUpdateUserRole } from "@/client/features/cms/api/update-user-role";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { ApiError } from "@/client/lib/api-client";
import { formatCount } from "@/client/lib/format-count";
import { toast } from "@/client/lib/toast";
import { type RoleChange, RoleChangeDialog } from "./role-change-dialog";
import { UserRow } from "./user-row";

/** docs/product.md §8: the server's message (e.g. the last-admin refusal), else the fixed text. */
function roleFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : "Failed to update user role.";
}

/** docs/product.md §2 Users (admins only): every account with its role, and the role change. */
export function UsersTab() {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const users = useUsers(search);
  const updateRole = useUpdateUserRole();
  const list = users.data?.pages.flatMap((page) => page.users) ?? [];
  const total = users.data?.pages[0]?.total ?? list.length;

  useEffect(() => {
    if (users.isError) toast.error("Error", { description: "Failed to fetch users." });
  }, [users.isError]);

  // Choosing a role only asks; the change is made once the admin confirms (decision 062).
  const [asking, setAsking] = useState<RoleChange | null>(null);
  // Awaited rather than given to mutate(): an admin who makes themselves a moderator loses this
  // tab as the session reloads, and mutate()'s own callbacks skip an unmounted caller.
  const confirmRoleChange = async ({ id, to }: RoleChange) => {
    try {
      await updateRole.mutateAsync({ id, role: to });
      toast.success("Success", { description: "User role updated successfully." });
    } catch (error) {
      toast.error("Error", { description: roleFailureMessage(error) });
    } finally {
      setAsking(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Users"
        description="Change what each member may do. Every change is recorded with who made it."
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          className="sm:w-96"
          aria-label="Search users"
          placeholder="Search by name or email..."
          value={searchText}
          maxLength={100}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <p role="status" className="text-muted-foreground text-sm">
          {users.data ? `${formatCount(total)} ${total === 1 ? "user" : "users"}` : ""}
        </p>
      </div>
      {users.isPending ? (
        <TabFallback />
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          {users.isError ? "Failed to fetch users." : "No users match your search."}
        </p>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y" aria-label="Users">
            {list.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                saving={updateRole.isPending && updateRole.variables?.id === user.id}
                onRoleChange={(role) =>
                  setAsking({ id: user.id, name: user.displayName, from: user.role, to: role })
                }
              />
            ))}
          </ul>
        </Card>
      )}
      <RoleChangeDialog
        change={asking}
        pending={updateRole.isPending}
        onConfirm={(change) => void confirmRoleChange(change)}
        onCancel={() => setAsking(null)}
      />
      <LoadMoreButton
        hasNextPage={users.hasNextPage}
        isFetchingNextPage={users.isFetchingNextPage}
        fetchNextPage={users.fetchNextPage}
        label="Load more users"
      />
    </div>
  );
}

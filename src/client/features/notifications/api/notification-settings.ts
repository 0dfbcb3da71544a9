import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailChoice, NotificationKind, NotificationSettings } from "@/shared/notifications";
import { notificationsQueryKey } from "./get-notifications";

const settingsQueryKey = [...notificationsQueryKey, "settings"] as const;

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>("/api/notifications/settings", { signal });
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export function updateNotificationSettings(
  email: Partial<Record<NotificationKind, EmailChoice>>,
): Promise<NotificationSettings> {
  return api.put<NotificationSettings>("/api/notifications/settings", { body: { email } });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}

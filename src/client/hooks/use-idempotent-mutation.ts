// A create the person submits once (docs/decisions/033): each submission carries one
// Idempotency-Key, and an attempt that got no answer is retried with the same key (by the
// query client's rule, then by the person pressing the button again), so a cut connection
// never creates twice.
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { shouldRetry } from "@/client/lib/query-client";
import { createSubmissionKeys } from "@/client/lib/submission-keys";

type Options<Output, Input> = Omit<
  UseMutationOptions<Output, Error, Input>,
  "mutationFn" | "retry" | "retryDelay"
> & {
  /** Sends one attempt with the submission's key (api-client's `idempotencyKey`). */
  send(input: Input, idempotencyKey: string): Promise<Output>;
};

export function useIdempotentMutation<Output, Input>({ send, ...options }: Options<Output, Input>) {
  const [keys] = useState(createSubmissionKeys);
  return useMutation({
    ...options,
    mutationFn: async (input: Input) => {
      try {
        const output = await send(input, keys.keyFor(input));
        keys.settle({});
        return output;
      } catch (error) {
        keys.settle({ error });
        throw error;
      }
    },
    retry: shouldRetry,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
  });
}

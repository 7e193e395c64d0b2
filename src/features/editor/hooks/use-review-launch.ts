/** The review-and-launch machine (model/review-launch.ts) for one project and kind, read as React state. */
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { reviewLaunchApi, type Target } from '../api/create-object.ts';
import type { PendingLaunch } from '../model/new-object-draft.ts';
import { ReviewLaunchFlow, type ReviewLaunchState } from '../model/review-launch.ts';

interface Options {
  target: Target;
  pendingLaunch: PendingLaunch | undefined;
  setPendingLaunch: (pending: PendingLaunch | undefined) => void;
}

export function useReviewLaunch({
  target,
  pendingLaunch,
  setPendingLaunch,
}: Options): ReviewLaunchState & { machine: ReviewLaunchFlow } {
  const pending = useRef({ value: pendingLaunch, set: setPendingLaunch });
  useLayoutEffect(() => {
    pending.current = { value: pendingLaunch, set: setPendingLaunch };
  }, [pendingLaunch, setPendingLaunch]);
  const [machine] = useState(
    () =>
      new ReviewLaunchFlow(reviewLaunchApi(target), {
        get: () => pending.current.value,
        set: (next) => {
          // Read at once by a retry that follows before React renders again.
          pending.current = { ...pending.current, value: next };
          pending.current.set(next);
        },
      }),
  );
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  return { ...state, machine };
}

/**
 * Where a watch that keeps failing is explained, in the view that reads it. Nothing is shown for a short spell of
 * retries (trouble.ts decides when it is worth a person's attention); what is shown then, and its words, come with
 * a chunk of their own (watch-trouble-body.tsx), fetched in idle time once the first view is painted.
 */
import { lazyPart } from '@/lib/lazy-part.tsx';
import { useNow } from '@/lib/use-now.ts';
import { watchTrouble, type WatchTroubleInput } from '@/data/watch/index.ts';
import type { WatchTroubleBodyProps } from './watch-trouble-body.tsx';

interface Props {
  watch: WatchTroubleInput & { retry: () => void };
  /** What the view reads, for the sentence: "the jobs of nlp", "Job train-a". */
  what: string;
  className?: string;
}

const { Component: WatchTroubleBody } = lazyPart<WatchTroubleBodyProps>(
  () => import('./watch-trouble-body.tsx').then((m) => m.WatchTroubleBody),
  { label: 'the explanation of the trouble reading from the API' },
);

export function WatchTroublePanel({ watch, what, className }: Props) {
  const now = useNow(1000);
  const trouble = watchTrouble(watch, now);
  if (!trouble) return null;
  return <WatchTroubleBody trouble={trouble} now={now} retry={watch.retry} what={what} className={className} />;
}

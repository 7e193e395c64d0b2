/** Grey placeholder blocks shown while data loads. */
import { clsx } from 'clsx';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded bg-slate-200/70', className)} />;
}

/** Cancelling cannot be taken back, unlike suspending: it is confirmed first. */
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogFooter } from '@/components/ui/dialog-footer.tsx';

export function CancelDialog({
  kind,
  name,
  onClose,
  onConfirm,
}: {
  kind: string;
  name: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onClose={onClose} title={`Cancel ${kind} ${name}?`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <div className="space-y-2 px-5 py-4 text-sm text-slate-600">
          <p>
            Sets <code className="rounded bg-slate-100 px-1 font-mono text-xs">spec.state: Cancelled</code>. The {kind}{' '}
            stops for good and cannot be resumed; what it used until now is billed. To pause it instead, suspend it.
          </p>
        </div>
        <DialogFooter cancelLabel={`Keep it`} confirmLabel={`Cancel ${kind}`} danger onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** The buttons in the foot of a top-bar panel (change the key, edit or add a context, sign out). */
import type { ReactNode } from 'react';

export function MenuButton({
  onClick,
  icon,
  children,
}: {
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      {icon}
      {children}
    </button>
  );
}

/** Sign out of the context in use, closing the panel first. */
export function SignOutButton({
  signOut,
  onClose,
}: {
  signOut: { context: string; run: () => void };
  onClose: () => void;
}) {
  return (
    <MenuButton
      onClick={() => {
        onClose();
        signOut.run();
      }}
    >
      Sign out of {signOut.context}
    </MenuButton>
  );
}

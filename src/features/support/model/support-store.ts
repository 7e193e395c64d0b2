/**
 * Whether the Support panel is open, and the request it was opened for: any view that shows a requestId (an
 * Event's, say) can open the panel on that call, without knowing where the panel lives.
 */
import { create } from 'zustand';

interface SupportPanelState {
  open: boolean;
  /** The requestId to find among the recent calls. */
  focus: string | undefined;
  show: (requestId?: string) => void;
  close: () => void;
}

export const useSupportPanel = create<SupportPanelState>()((set) => ({
  open: false,
  focus: undefined,
  show: (requestId) => set({ open: true, focus: requestId }),
  close: () => set({ open: false, focus: undefined }),
}));

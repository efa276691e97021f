/** Toasts: a small store outside React, so the API gateway can raise them from anywhere. */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  severity: ToastSeverity;
  title?: string;
  message: string;
  /** Persistent toasts stay until the user closes them. */
  persistent: boolean;
  /** A toast with a key replaces the shown toast with the same key (no pile of identical warnings). */
  key?: string;
}

type Listener = () => void;

let nextId = 1;
let toasts: Toast[] = [];
const listeners = new Set<Listener>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const toastStore = {
  show(toast: Omit<Toast, 'id'>): number {
    const id = nextId++;
    const others = toast.key ? toasts.filter((shown) => shown.key !== toast.key) : toasts;
    toasts = [...others, { ...toast, id }];
    emit();
    return id;
  },
  dismiss(id: number): void {
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  },
  clear(): void {
    toasts = [];
    emit();
  },
  list: (): Toast[] => toasts,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

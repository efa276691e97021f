/**
 * Toasts: a small store outside React. Only the feedback module of the API layer raises them (`showToast`,
 * `repeatToast`; a lint rule keeps it so); the toaster reads and dismisses them through `toastStore`.
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  severity: ToastSeverity;
  title?: string;
  message: string;
  /** Persistent toasts stay until the user closes them (or the failure they tell of is over). */
  persistent: boolean;
  /** How often the same message was raised while shown (shown as "×3" from 2 on). */
  count: number;
}

type Listener = () => void;

let nextId = 1;
let toasts: Toast[] = [];
const listeners = new Set<Listener>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a new toast and answers its id. */
export function showToast(toast: Omit<Toast, 'id' | 'count'>): number {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id, count: 1 }];
  emit();
  return id;
}

/** Counts one more raise of a shown toast. */
export function repeatToast(id: number): void {
  toasts = toasts.map((toast) => (toast.id === id ? { ...toast, count: toast.count + 1 } : toast));
  emit();
}

export const toastStore = {
  dismiss(id: number): void {
    if (!toasts.some((toast) => toast.id === id)) return;
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  },
  clear(): void {
    toasts = [];
    emit();
  },
  has: (id: number): boolean => toasts.some((toast) => toast.id === id),
  list: (): Toast[] => toasts,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

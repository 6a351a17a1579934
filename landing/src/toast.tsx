import { useEffect, useState } from "preact/hooks";

// A small toast stack (top right): success and warnings close by themselves, errors stay until
// dismissed unless given a duration.

export type ToastKind = "success" | "error" | "warning" | "info";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(list: Toast[]) => void>();
const emit = () => listeners.forEach((l) => l(toasts));

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(kind: ToastKind, message: string, durationMs: number | false = kind === "error" ? false : 5000): number {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { id, kind, message }];
  emit();
  if (durationMs !== false) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export function Toasts({ dismissLabel }: { dismissLabel: string }) {
  const [list, setList] = useState(toasts);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    <div class="toasts">
      {list.map((t) => (
        <div key={t.id} class={`toast toast-${t.kind}`} role={t.kind === "error" ? "alert" : "status"} data-kind={t.kind}>
          <span>{t.message}</span>
          <button type="button" class="toast-close" aria-label={dismissLabel} onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

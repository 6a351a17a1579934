import { useEffect, useState } from "preact/hooks";

// A small toast stack (top right): success and warnings close by themselves, errors stay until
// dismissed unless given a duration. The same message again (a claim sent twice with the same
// mistake) does not stack: its toast moves to the end and counts the repeats.

export type ToastKind = "success" | "error" | "warning" | "info";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  count: number;
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
  const same = toasts.find((t) => t.kind === kind && t.message === message);
  const id = same?.id ?? nextId++;
  const others = toasts.filter((t) => t.id !== id);
  toasts = [...others.slice(-2), { id, kind, message, count: (same?.count ?? 0) + 1 }];
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
          {t.count > 1 ? (
            <span class="toast-count" data-testid="toast-count">
              ×{t.count}
            </span>
          ) : null}
          <button type="button" class="toast-close" aria-label={dismissLabel} onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

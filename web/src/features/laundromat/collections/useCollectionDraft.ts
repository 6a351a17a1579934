import { centsToDollarString } from "@tumble/domain/money";
import { refusalCode } from "@tumble/domain/refusals";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation } from "../../../lib/hooks";
import { draftKey, emptyDraft, parseDraft, readDraft, removeDraft, writeDraft, EMPTY_FIELDS, type FieldValues, type StoredDraft } from "./draft";
import type { CollectionDetail, RecordMachine } from "./types";

/** How long typing pauses before the draft goes to the server. */
export const SERVER_SAVE_DEBOUNCE_MS = 1500;

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return online;
}

function isConnectionProblem(error: unknown): boolean {
  if (typeof navigator !== "undefined" && !navigator.onLine) return true;
  if (error instanceof TypeError) return true;
  return error instanceof Error && (error.name === "ConnectionLostError" || /network|failed to fetch|connection/i.test(error.message));
}

export type SaveOutcome = { ok: true; collectionId: string | null } | { ok: false; reason: "offline" | "invalid" | "error"; error?: unknown };

/**
 * The collection being recorded for one store and business date: local on every change, on the
 * server on `save()` and after a pause in typing while online.
 */
export function useCollectionDraft(userId: string | null, storeId: string, businessDate: string, machines: readonly RecordMachine[]) {
  const key = userId ? draftKey(userId, storeId, businessDate) : null;
  const [draft, setDraftState] = useState<StoredDraft>(() => (key && readDraft(key)) || emptyDraft(storeId, businessDate));
  const [loadedKey, setLoadedKey] = useState(key);
  const [syncError, setSyncError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const online = useOnline();
  const saveDraftFn = useMutation(api.collections.saveDraft);
  const submitFn = useMutation(api.collections.submit);

  // Another store or date (or the user became known): take what this device holds for it.
  if (key !== loadedKey) {
    setLoadedKey(key);
    setDraftState((key && readDraft(key)) || emptyDraft(storeId, businessDate));
    setSyncError(null);
  }

  const draftRef = useRef(draft);
  const keyRef = useRef(key);
  const machinesRef = useRef(machines);
  useLayoutEffect(() => {
    draftRef.current = draft;
    keyRef.current = key;
    machinesRef.current = machines;
  }, [draft, key, machines]);

  const commit = useCallback((next: StoredDraft) => {
    draftRef.current = next;
    setDraftState(next);
    if (keyRef.current) writeDraft(keyRef.current, next);
  }, []);

  const setField = useCallback(
    (machineId: string, field: keyof FieldValues, value: string) => {
      const current = draftRef.current;
      const before = current.values[machineId] ?? EMPTY_FIELDS;
      commit({ ...current, values: { ...current.values, [machineId]: { ...before, [field]: value } }, updatedAt: Date.now(), synced: false });
    },
    [commit],
  );

  const parsed = useMemo(() => parseDraft(draft.values, machines), [draft.values, machines]);

  // One save at a time; a change made while one runs is saved after it.
  const inFlight = useRef<Promise<SaveOutcome> | null>(null);
  const save = useCallback(async (): Promise<SaveOutcome> => {
    while (inFlight.current) await inFlight.current;
    const snapshot = draftRef.current;
    const forKey = keyRef.current;
    if (snapshot.synced && snapshot.collectionId) return { ok: true, collectionId: snapshot.collectionId };
    if (typeof navigator !== "undefined" && !navigator.onLine) return { ok: false, reason: "offline" };
    const result = parseDraft(snapshot.values, machinesRef.current);
    if (result.hasErrors) return { ok: false, reason: "invalid" };
    if (result.lines.length === 0 && !snapshot.collectionId) {
      if (!snapshot.synced) commit({ ...snapshot, synced: true });
      return { ok: true, collectionId: null };
    }
    const run = (async (): Promise<SaveOutcome> => {
      setSaving(true);
      try {
        const args = { storeId: snapshot.storeId, businessDate: snapshot.businessDate, lines: result.lines };
        const saved = await saveDraftFn({ ...args, collectionId: snapshot.collectionId ?? undefined }).catch((error: unknown) => {
          // The server copy is gone (an admin deleted the draft): what this device kept becomes a new draft.
          if (snapshot.collectionId && refusalCode(error) === "collections.collectionNotFound") return saveDraftFn(args);
          throw error;
        });
        setSyncError(null);
        if (keyRef.current === forKey) {
          const latest = draftRef.current;
          commit({ ...latest, collectionId: saved.collectionId, warnings: saved.warnings, synced: latest.updatedAt === snapshot.updatedAt });
        }
        return { ok: true, collectionId: saved.collectionId };
      } catch (error) {
        if (isConnectionProblem(error)) return { ok: false, reason: "offline", error };
        setSyncError(errorText(error, String(error)));
        return { ok: false, reason: "error", error };
      } finally {
        setSaving(false);
      }
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [commit, saveDraftFn]);

  // Debounced server save while online; back online, what waited is sent.
  useEffect(() => {
    if (draft.synced || !online || parsed.hasErrors || !userId) return;
    const timer = setTimeout(() => void save(), SERVER_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft.updatedAt, draft.synced, online, parsed.hasErrors, save, userId]);

  /** Saves, then submits; the local copy is dropped once submitted. */
  const submit = useCallback(async (): Promise<SaveOutcome> => {
    const outcome = await save();
    if (!outcome.ok) return outcome;
    if (!outcome.collectionId) return { ok: false, reason: "invalid" };
    await submitFn({ collectionId: outcome.collectionId });
    if (keyRef.current) removeDraft(keyRef.current);
    commit(emptyDraft(draftRef.current.storeId, draftRef.current.businessDate));
    return outcome;
  }, [commit, save, submitFn]);

  /** Continues a collection held by the server (an open draft or a rejected one). */
  const loadFrom = useCallback(
    (detail: CollectionDetail) => {
      const values: Record<string, FieldValues> = {};
      for (const line of detail.lines) {
        values[line.machineId] = {
          coins: line.coinsCents ? centsToDollarString(line.coinsCents) : "",
          bills: line.billsCents ? centsToDollarString(line.billsCents) : "",
          meter: line.meterReading === null ? "" : String(line.meterReading),
          note: line.note ?? "",
        };
      }
      const next: StoredDraft = {
        ...emptyDraft(detail.storeId, detail.businessDate),
        collectionId: detail._id,
        values,
        updatedAt: Date.now(),
        synced: true,
        warnings: detail.warnings,
        rejectionReason: detail.status === "rejected" ? detail.rejectionReason : null,
      };
      // The screen may be on another store or date: keep it where that one is read from.
      const target = userId ? draftKey(userId, detail.storeId, detail.businessDate) : null;
      if (target && target !== keyRef.current) writeDraft(target, next);
      else commit(next);
    },
    [commit, userId],
  );

  return { draft, parsed, setField, save, submit, loadFrom, online, saving, syncError };
}

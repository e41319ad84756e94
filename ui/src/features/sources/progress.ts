// `ingest-progress` events from long imports and scrapes (the core reports rows or pages done).
import { listen } from '@tauri-apps/api/event';
import type { Progress } from '../../bindings';

/** Subscribes to progress events; returns the unsubscribe function. Without the Tauri event
 * bridge (the browser test) nothing is reported and nothing breaks. */
export function onIngestProgress(f: (p: Progress) => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  listen<Progress>('ingest-progress', (e) => f(e.payload))
    .then((un) => {
      if (cancelled) un();
      else stop = un;
    })
    .catch(() => {});
  return () => {
    cancelled = true;
    stop?.();
  };
}

// The one way the UI talks to the core: typed by the generated `Commands` map, so no command's
// argument or result type is written by hand. Errors arrive as {code, message}.
import { invoke } from '@tauri-apps/api/core';
import type { Commands, ErrorPayload } from '../bindings';

export type Command = keyof Commands;

export async function call<K extends Command>(
  cmd: K,
  args: Commands[K]['args'],
): Promise<Commands[K]['result']> {
  try {
    return await invoke<Commands[K]['result']>(cmd, args as Record<string, unknown>);
  } catch (e) {
    throw toAppError(e);
  }
}

export class AppError extends Error {
  code: string;
  constructor(p: ErrorPayload) {
    super(p.message);
    this.code = p.code;
  }
}

export function toAppError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e && typeof e === 'object' && 'code' in e && 'message' in e) {
    return new AppError(e as ErrorPayload);
  }
  return new AppError({ code: 'internal', message: String(e) });
}

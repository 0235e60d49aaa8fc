// The typed word's loop, shared by its server component and its browser script (no React here).

export type TypingState = { index: number; shown: number; phase: 'hold' | 'delete' | 'type' }

const TYPE_MS = 80
const DELETE_MS = 40
const MIN_HOLD_MS = 300

/**
 * One step of the typing loop: the next state and how long to wait before it. A word is typed
 * letter by letter, held, then erased, so that each word lasts about `periodMs` in all.
 */
export function nextTypingStep(
  state: TypingState,
  words: string[],
  periodMs: number,
): { state: TypingState; delayMs: number } {
  const length = words[state.index]?.length ?? 0
  if (state.phase === 'hold') {
    const holdMs = Math.max(MIN_HOLD_MS, periodMs - length * (TYPE_MS + DELETE_MS))
    return { state: { ...state, phase: 'delete' }, delayMs: holdMs }
  }
  if (state.phase === 'delete') {
    if (state.shown > 0) return { state: { ...state, shown: state.shown - 1 }, delayMs: DELETE_MS }
    return {
      state: { index: (state.index + 1) % words.length, shown: 0, phase: 'type' },
      delayMs: TYPE_MS,
    }
  }
  if (state.shown < length) return { state: { ...state, shown: state.shown + 1 }, delayMs: TYPE_MS }
  return { state: { ...state, phase: 'hold' }, delayMs: 0 }
}

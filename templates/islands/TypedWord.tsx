import { useEffect, useState } from 'react'
import { prefersReducedMotion } from '../lib/motion.ts'

export type TypedWordProps = {
  words: string[]
  /** Time each word takes from its first typed letter to the next word's (site.timing.typedWordMs). */
  periodMs: number
}

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

/**
 * The typed word of the home headline. The server HTML (and reduced motion) shows the first
 * word in full; the surrounding heading gives screen readers the whole, stable text, so this
 * part is hidden from them by the block.
 */
export default function TypedWord({ words, periodMs }: TypedWordProps) {
  const [state, setState] = useState<TypingState>({
    index: 0,
    shown: words[0]?.length ?? 0,
    phase: 'hold',
  })
  const [running, setRunning] = useState(false)
  useEffect(() => {
    if (words.length < 2 || prefersReducedMotion()) return
    setRunning(true)
    let current: TypingState = { index: 0, shown: words[0]?.length ?? 0, phase: 'hold' }
    let timer: ReturnType<typeof setTimeout>
    const schedule = () => {
      const { state: next, delayMs } = nextTypingStep(current, words, periodMs)
      timer = setTimeout(() => {
        current = next
        setState(next)
        schedule()
      }, delayMs)
    }
    schedule()
    return () => clearTimeout(timer)
  }, [words, periodMs])
  const word = words[state.index] ?? ''
  // Every word, invisible, in the same grid cell: the box is as wide as the longest one from
  // the server HTML on, so the headline never rewraps nor moves while words are typed.
  return (
    <span className="typed-word-box">
      {words.map((w) => (
        <span key={w} className="typed-word-sizer">
          {w}
        </span>
      ))}
      <span className={`typed-word${running ? ' is-typing' : ''}`} data-running={running}>
        {word.slice(0, state.shown)}
      </span>
    </span>
  )
}

// The typed word's browser side (templates/lib/hydration.ts, ENHANCED_ISLANDS): types the
// words of the server HTML in turn, without React. Under reduced motion, or with one word, the
// first word stays as the server wrote it.
import { prefersReducedMotion } from '../lib/motion.ts'
import { nextTypingStep, type TypingState } from '../lib/typing.ts'
import type { TypedWordProps } from './TypedWord.tsx'

export default function enhanceTypedWord(el: HTMLElement, { words, periodMs }: TypedWordProps) {
  const word = el.querySelector<HTMLElement>('.typed-word')
  if (!word || words.length < 2 || prefersReducedMotion()) return
  word.classList.add('is-typing')
  word.dataset.running = 'true'
  let current: TypingState = { index: 0, shown: words[0]?.length ?? 0, phase: 'hold' }
  const schedule = () => {
    const { state: next, delayMs } = nextTypingStep(current, words, periodMs)
    setTimeout(() => {
      current = next
      word.textContent = (words[next.index] ?? '').slice(0, next.shown)
      schedule()
    }, delayMs)
  }
  schedule()
}

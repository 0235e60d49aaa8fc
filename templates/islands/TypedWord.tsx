export type TypedWordProps = {
  words: string[]
  /** Time each word takes from its first typed letter to the next word's (site.timing.typedWordMs). */
  periodMs: number
}

export { nextTypingStep, type TypingState } from '../lib/typing.ts'

/**
 * The typed word of the home headline, as the server writes it: the first word in full (what
 * JavaScript off and reduced motion show). TypedWord.client.ts types the words in the browser.
 * The surrounding heading gives screen readers the whole, stable text, so this part is hidden
 * from them by the block.
 */
export default function TypedWord({ words }: TypedWordProps) {
  // Every word, invisible, in the same grid cell: the box is as wide as the longest one from
  // the server HTML on, so the headline never rewraps nor moves while words are typed.
  return (
    <span className="typed-word-box">
      {words.map((w) => (
        <span key={w} className="typed-word-sizer">
          {w}
        </span>
      ))}
      <span className="typed-word" data-running={false}>
        {words[0] ?? ''}
      </span>
    </span>
  )
}

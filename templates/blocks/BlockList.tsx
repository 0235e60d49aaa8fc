import type { Block } from '../content.ts'
import { FirstScreen } from '../lib/firstScreen.ts'
import { blockComponents } from './registry.ts'

/** Renders a page's blocks in order, each by the component registered for its type. */
export function BlockList({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        const Component = blockComponents[block.type] as (props: {
          block: Block
        }) => React.ReactNode
        // The first block may hold the page's main image (templates/lib/firstScreen.ts).
        if (i === 0)
          return (
            <FirstScreen.Provider key="first" value={{ claimed: false }}>
              <Component block={block} />
            </FirstScreen.Provider>
          )
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static content, never reordered
        return <Component key={i} block={block} />
      })}
    </>
  )
}

import { ThumbnailGrid, type ThumbnailGridProps } from '../lib/ThumbnailGrid.tsx'

export type ImageModalsProps = ThumbnailGridProps

/** Thumbnails that open their large image in a modal window (policy documents). */
export default function ImageModals(props: ImageModalsProps) {
  return <ThumbnailGrid {...props} />
}

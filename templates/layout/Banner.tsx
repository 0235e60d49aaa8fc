import { useSite } from '../lib/SiteContext.tsx'
import { Breadcrumb } from './Breadcrumb.tsx'

/** Title banner of every page but home: the h1 and the breadcrumb. */
export function Banner() {
  const { page, fill } = useSite()
  return (
    <div className="banner">
      <div className="container">
        <h1>{fill(page.heading ?? page.title)}</h1>
        <Breadcrumb />
      </div>
    </div>
  )
}

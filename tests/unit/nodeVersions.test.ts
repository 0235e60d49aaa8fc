// The other Node.js versions CI runs: the lowest of each range `engines`
// declares besides Node 20's, which CI's own Node and `npm ci` cover.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { engineFloors, PINNED } from '../../scripts/testing/nodeVersions.ts'

describe('Node versions of CI', () => {
  it('reads the lowest version of each range of engines.node', () => {
    expect(engineFloors('^20.19.0 || ^22.13.0 || >=24')).toEqual(['20.19.0', '22.13.0', '24.0.0'])
    expect(engineFloors('>=18.2')).toEqual(['18.2.0'])
    expect(() => engineFloors('20 - 22')).toThrow(/Cannot read the lowest version of "20 - 22"/)
  })

  it("are the lowest versions engines promises besides Node 20's, each with its tarball's integrity", () => {
    const engines = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        engines: { node: string }
      }
    ).engines.node
    expect(Object.keys(PINNED)).toEqual(engineFloors(engines).filter((v) => !v.startsWith('20.')))
    for (const integrity of Object.values(PINNED))
      expect(integrity).toMatch(/^sha512-[\w+/]{86}==$/)
  })
})

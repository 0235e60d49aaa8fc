// The parts of Decap's backend packages the editor's own backend extends (they ship no types;
// their sources are in node_modules/decap-cms-backend-*/src).
declare module 'decap-cms-backend-github' {
  type EntryMethods = import('./saves.ts').EntryMethods
  export interface GitHubBackend extends EntryMethods {}
  export class GitHubBackend {
    constructor(config: unknown, options?: unknown)
    /** The API client, made at login (implementation.tsx authenticate). */
    api: import('./hosts.ts').GitHubApiLike | null
    deleteFiles(paths: string[], commitMessage: string): Promise<unknown>
  }
}

declare module 'decap-cms-backend-gitea' {
  type EntryMethods = import('./saves.ts').EntryMethods
  export interface GiteaBackend extends EntryMethods {}
  export class GiteaBackend {
    constructor(config: unknown, options?: unknown)
    /** The API client, made at login (implementation.tsx authenticate). */
    api: import('./giteaHost.ts').GiteaApiLike | null
    deleteFiles(paths: string[], commitMessage: string): Promise<unknown>
  }
}

declare module 'decap-cms-backend-gitlab' {
  type EntryMethods = import('./saves.ts').EntryMethods
  export interface GitLabBackend extends EntryMethods {}
  export class GitLabBackend {
    constructor(config: unknown, options?: unknown)
    /** The API client, made at login (implementation.ts authenticate). */
    api: import('./gitLabHost.ts').GitLabApiLike | null
    deleteFiles(paths: string[], commitMessage: string): Promise<unknown>
  }
}

declare module 'decap-cms-backend-proxy' {
  type EntryMethods = import('./saves.ts').EntryMethods
  export interface ProxyBackend extends EntryMethods {}
  export class ProxyBackend {
    constructor(config: unknown, options?: unknown)
    request(payload: { action: string; params: Record<string, unknown> }): Promise<unknown>
  }
}

declare module 'decap-cms-lib-util' {
  export const localForage: {
    getItem<T>(key: string): Promise<T | null>
    setItem<T>(key: string, value: T): Promise<T>
  }
}

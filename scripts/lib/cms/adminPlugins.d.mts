import type { Plugin } from 'vite'

export function withoutSiteCss(): Plugin

export function namedListButtons(): Plugin

export function entryPerAddress(): Plugin

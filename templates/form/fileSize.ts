import { MAX_FILE_BYTES } from './rules.ts'

/**
 * A file size as people read it in the page's language: "512 octets", "120 ko", "1 Mo" in
 * French; "512 bytes", "120 kB", "1 MB" in English. 1 MB is the CV limit (1048576 bytes), so
 * "1 MB" is 1048576 bytes here, as the limit's message means it.
 */
export function fileSizeText(bytes: number, lang: string): string {
  const [value, unit, digits] =
    bytes < 1024
      ? [bytes, 'byte', 0]
      : bytes < 1000 * 1024
        ? [bytes / 1024, 'kilobyte', 0]
        : [bytes / MAX_FILE_BYTES, 'megabyte', 1]
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: digits,
  }).format(value)
}

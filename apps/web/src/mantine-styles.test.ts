import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * The app imports Mantine's CSS per component (mantine-styles.ts) instead of all of
 * @mantine/core/styles.css. A component used without its CSS renders unstyled, so this test
 * derives the list from the code: every component the app imports from @mantine/core (or that
 * @mantine/notifications renders), and every component those are built from, found by following
 * the relative imports of Mantine's own ESM files. Each one that ships a stylesheet must be
 * imported, and nothing else may be.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
/** The folder of an installed package (its exports map hides package.json). */
function packageRoot(name: string): string {
  let dir = path.dirname(require.resolve(name))
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  return dir
}
const coreRoot = packageRoot('@mantine/core')
const notificationsRoot = packageRoot('@mantine/notifications')
const datesRoot = packageRoot('@mantine/dates')
const esmDir = path.join(coreRoot, 'esm')
const componentsDir = path.join(esmDir, 'components')

function walk(dir: string, match: (file: string) => boolean, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file, match, into)
    else if (match(file)) into.push(file)
  }
  return into
}

/** Named (non-type) imports from `module` in `source`. */
function namedImports(source: string, module: string): string[] {
  const names: string[] = []
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${module.replace('/', '\\/')}['"]`, 'g')
  for (const match of source.matchAll(pattern)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim()
      if (name && !name.startsWith('type ')) names.push(name)
    }
  }
  return names
}

/** Component export name -> the ESM file defining it (e.g. RangeSlider -> components/Slider/RangeSlider/RangeSlider.mjs). */
const componentFiles = new Map<string, string>()
for (const file of walk(componentsDir, (f) => f.endsWith('.mjs'))) {
  const name = path.basename(file, '.mjs')
  if (!componentFiles.has(name)) componentFiles.set(name, file)
}

/**
 * The stylesheets `file` needs: every folder on the paths of the files it is built from
 * (following relative imports) that has a stylesheet of the same name, e.g.
 * components/Checkbox/CheckboxIndicator/… needs Checkbox.css and CheckboxIndicator.css, and
 * utils/InlineInput/… InlineInput.css.
 */
function stylesheetsOf(file: string, seen = new Set<string>(), into = new Set<string>()): Set<string> {
  if (seen.has(file)) return into
  seen.add(file)
  for (const folder of path.relative(esmDir, path.dirname(file)).split(path.sep)) {
    if (existsSync(path.join(coreRoot, 'styles', `${folder}.css`))) into.add(folder)
  }
  const source = readFileSync(file, 'utf8')
  for (const match of source.matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
    stylesheetsOf(path.resolve(path.dirname(file), match[1]!), seen, into)
  }
  return into
}

function requiredStylesheets(): Set<string> {
  const used = new Set<string>()
  for (const file of walk(here, (f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
    for (const name of namedImports(readFileSync(file, 'utf8'), '@mantine/core')) used.add(name)
  }
  // @mantine/notifications renders core components (Notification, Transition, ...).
  for (const file of walk(path.join(notificationsRoot, 'esm'), (f) => f.endsWith('.mjs'))) {
    for (const name of namedImports(readFileSync(file, 'utf8'), '@mantine/core')) used.add(name)
  }
  // @mantine/dates components (one stylesheet of their own, @mantine/dates/styles.css) are built
  // from core components: follow each one the app uses through its own relative imports.
  const datesFiles = new Map<string, string>()
  for (const file of walk(path.join(datesRoot, 'esm', 'components'), (f) => f.endsWith('.mjs'))) {
    datesFiles.set(path.basename(file, '.mjs'), file)
  }
  const seen = new Set<string>()
  const follow = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const name of namedImports(source.replaceAll('"', "'"), '@mantine/core')) used.add(name)
    for (const match of source.matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
      follow(path.resolve(path.dirname(file), match[1]!))
    }
  }
  for (const file of walk(here, (f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
    for (const name of namedImports(readFileSync(file, 'utf8'), '@mantine/dates')) {
      const componentFile = datesFiles.get(name)
      if (componentFile) follow(componentFile)
    }
  }
  const required = new Set<string>()
  for (const name of used) {
    const file = componentFiles.get(name)
    if (!file) continue
    for (const stylesheet of stylesheetsOf(file)) required.add(stylesheet)
  }
  return required
}

function importedStylesheets(): string[] {
  const source = readFileSync(path.join(here, 'mantine-styles.ts'), 'utf8')
  return [...source.matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((m) => m[1]!)
}

describe('Mantine CSS per component (mantine-styles.ts)', () => {
  it('imports the global styles first, then exactly the stylesheets of the components in use', () => {
    const imported = importedStylesheets()
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global'])
    expect(new Set(imported.slice(3))).toEqual(requiredStylesheets())
  })

  it("keeps the order of Mantine's own styles.css, so shared parts come before the components built on them", () => {
    const full = readFileSync(path.join(coreRoot, 'styles.css'), 'utf8')
    const offsets = importedStylesheets().map((name) => {
      const css = readFileSync(path.join(coreRoot, 'styles', `${name}.css`), 'utf8').trim()
      return full.indexOf(css.slice(0, 120))
    })
    expect(offsets.every((offset) => offset >= 0)).toBe(true)
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
  })
})

describe('@mantine/dates CSS (mantine-dates-styles.ts)', () => {
  it('is imported by every module that imports a component from @mantine/dates', () => {
    for (const file of walk(here, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
      const source = readFileSync(file, 'utf8')
      if (namedImports(source, '@mantine/dates').length === 0) continue
      expect(source, path.relative(here, file)).toMatch(/import '(\.\.\/)+mantine-dates-styles'/)
    }
  })
})

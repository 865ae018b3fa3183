/**
 * Heap snapshot breakdown (issue 44; a profiling tool, not a test): reads a V8 `.heapsnapshot`
 * (node --heapsnapshot-signal=SIGUSR2, --heapsnapshot-near-heap-limit, or v8.writeHeapSnapshot)
 * and prints where the heap goes, as Chromium's devtools would show it:
 *   - by constructor: count, self size and retained size (objects not retained through another
 *     object of the same constructor, as devtools' "Summary" view counts them);
 *   - by module: the retained size of each script's compiled functions (SharedFunctionInfo:
 *     bytecode, feedback, scope info) and its source text, summed per npm package (or per
 *     workspace package for the server's own bundle), i.e. what loading that module costs;
 *   - the largest single retainers (dominator tree), named by constructor and the property that
 *     holds them, e.g. each LRUCache and the Map of every other cache.
 *
 *   npx tsx bench/heap-breakdown.ts /tmp/Heap.20261129.heapsnapshot [--top 40]
 *   npm run bench:heap -- <file> [--top 40]
 *
 * Retained sizes come from the dominator tree (Cooper, Harvey and Kennedy's iterative algorithm)
 * over every edge but weak ones, from the snapshot's root.
 */
import { readFileSync } from 'node:fs'

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[]
      node_types: [string[], ...unknown[]]
      edge_fields: string[]
      edge_types: [string[], ...unknown[]]
    }
    node_count: number
  }
  nodes: number[]
  edges: number[]
  strings: string[]
}

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
const topIndex = args.indexOf('--top')
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 30
if (!file) {
  console.error('usage: heap-breakdown.ts <file.heapsnapshot> [--top N]')
  process.exit(2)
}

const data = JSON.parse(readFileSync(file, 'utf8')) as Snapshot
const meta = data.snapshot.meta
const NF = meta.node_fields.length
const EF = meta.edge_fields.length
const nType = meta.node_fields.indexOf('type')
const nName = meta.node_fields.indexOf('name')
const nSelf = meta.node_fields.indexOf('self_size')
const nEdges = meta.node_fields.indexOf('edge_count')
const eType = meta.edge_fields.indexOf('type')
const eName = meta.edge_fields.indexOf('name_or_index')
const eTo = meta.edge_fields.indexOf('to_node')
const nodeTypes = meta.node_types[0]
const edgeTypes = meta.edge_types[0]
const WEAK = edgeTypes.indexOf('weak')
const SHORTCUT = edgeTypes.indexOf('shortcut')
const ELEMENT = edgeTypes.indexOf('element')
const HIDDEN = edgeTypes.indexOf('hidden')
const { nodes, edges, strings } = data
const count = nodes.length / NF

// First edge of each node (edges are stored node after node).
const firstEdge = new Uint32Array(count + 1)
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e
  e += nodes[i * NF + nEdges]! * EF
}
firstEdge[count] = edges.length

const typeOf = (n: number) => nodeTypes[nodes[n * NF + nType]!]!
const nameOf = (n: number) => strings[nodes[n * NF + nName]!]!
const selfOf = (n: number) => nodes[n * NF + nSelf]!
const edgeName = (e: number) => {
  const t = edges[e + eType]!
  return t === ELEMENT || t === HIDDEN ? String(edges[e + eName]) : strings[edges[e + eName]!]!
}
/** What devtools calls the constructor: an object's name, else its type in parentheses. */
function classOf(n: number): string {
  const type = typeOf(n)
  if (type === 'object' || type === 'native') return nameOf(n)
  if (type === 'closure') return '(closure)'
  if (type === 'code') return '(compiled code)'
  if (type === 'hidden' || type === 'synthetic' || type === 'object shape') return `(system) ${nameOf(n)}`.slice(0, 60)
  if (type.includes('string')) return '(string)'
  return `(${type})`
}

// Depth-first order from the root (node 0) over strong edges, iteratively.
const postIndex = new Int32Array(count).fill(-1)
const order = new Uint32Array(count) // postorder
let visited = 0
{
  const stackNode = new Uint32Array(count)
  const stackEdge = new Uint32Array(count)
  const seen = new Uint8Array(count)
  let sp = 0
  stackNode[0] = 0
  stackEdge[0] = firstEdge[0]!
  seen[0] = 1
  sp = 1
  while (sp > 0) {
    const n = stackNode[sp - 1]!
    const e = stackEdge[sp - 1]!
    if (e < firstEdge[n + 1]!) {
      stackEdge[sp - 1] = e + EF
      const t = edges[e + eType]!
      if (t === WEAK) continue
      // The root's shortcut edges (to page/global objects) are not ownership.
      if (n === 0 && t === SHORTCUT) continue
      const to = edges[e + eTo]! / NF
      if (seen[to]) continue
      seen[to] = 1
      stackNode[sp] = to
      stackEdge[sp] = firstEdge[to]!
      sp++
    } else {
      sp--
      postIndex[n] = visited
      order[visited++] = n
    }
  }
}

// Predecessors (strong edges between reached nodes), as a compressed list.
const predCount = new Uint32Array(count + 1)
for (let n = 0; n < count; n++) {
  if (postIndex[n]! < 0) continue
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EF) {
    const t = edges[e + eType]!
    if (t === WEAK || (n === 0 && t === SHORTCUT)) continue
    predCount[edges[e + eTo]! / NF]!++
  }
}
const predStart = new Uint32Array(count + 1)
for (let n = 0; n < count; n++) predStart[n + 1] = predStart[n]! + predCount[n]!
const preds = new Uint32Array(predStart[count]!)
const fill = predStart.slice()
for (let n = 0; n < count; n++) {
  if (postIndex[n]! < 0) continue
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EF) {
    const t = edges[e + eType]!
    if (t === WEAK || (n === 0 && t === SHORTCUT)) continue
    const to = edges[e + eTo]! / NF
    preds[fill[to]!++] = n
  }
}

// Immediate dominators, by postorder number (Cooper, Harvey, Kennedy 2001).
const UNDEF = 0xffffffff
const idom = new Uint32Array(visited).fill(UNDEF) // indexed by postorder number
const rootPost = postIndex[0]!
idom[rootPost] = rootPost
for (let changed = true, rounds = 0; changed; rounds++) {
  changed = false
  for (let i = visited - 2; i >= 0; i--) {
    const n = order[i]!
    let newIdom = UNDEF
    for (let p = predStart[n]!; p < predStart[n + 1]!; p++) {
      const pred = postIndex[preds[p]!]!
      if (pred < 0 || idom[pred] === UNDEF) continue
      if (newIdom === UNDEF) {
        newIdom = pred
        continue
      }
      let a = pred
      let b = newIdom
      while (a !== b) {
        while (a < b) a = idom[a]!
        while (b < a) b = idom[b]!
      }
      newIdom = a
    }
    if (idom[i] !== newIdom) {
      idom[i] = newIdom
      changed = true
    }
  }
  if (rounds > 200) break
}

// Retained sizes: children before their dominators (postorder).
const retained = new Float64Array(visited)
for (let i = 0; i < visited; i++) retained[i] = selfOf(order[i]!)
for (let i = 0; i < visited; i++) if (i !== rootPost) retained[idom[i]!] = retained[idom[i]!]! + retained[i]!

const totalSelf = (() => {
  let sum = 0
  for (let i = 0; i < visited; i++) sum += selfOf(order[i]!)
  return sum
})()

// By constructor: self size of all, retained of those with no same-constructor dominator.
const classIds = new Map<string, number>()
const classNames: string[] = []
const classOfPost = new Uint32Array(visited)
for (let i = 0; i < visited; i++) {
  const name = classOf(order[i]!)
  let id = classIds.get(name)
  if (id === undefined) {
    id = classNames.length
    classIds.set(name, id)
    classNames.push(name)
  }
  classOfPost[i] = id
}
const classCount = new Float64Array(classNames.length)
const classSelf = new Float64Array(classNames.length)
const classRetained = new Float64Array(classNames.length)
{
  // Dominator-tree children, then a depth-first walk keeping the constructors on the path.
  const childCount = new Uint32Array(visited + 1)
  for (let i = 0; i < visited; i++) if (i !== rootPost) childCount[idom[i]!]!++
  const childStart = new Uint32Array(visited + 1)
  for (let i = 0; i < visited; i++) childStart[i + 1] = childStart[i]! + childCount[i]!
  const children = new Uint32Array(childStart[visited]!)
  const at = childStart.slice()
  for (let i = 0; i < visited; i++) if (i !== rootPost) children[at[idom[i]!]!++] = i
  const onPath = new Uint32Array(classNames.length)
  const stack: number[] = [rootPost]
  const exit = new Uint8Array(visited)
  while (stack.length) {
    const i = stack.pop()!
    const c = classOfPost[i]!
    if (exit[i]) {
      onPath[c]!--
      continue
    }
    classCount[c]!++
    classSelf[c] = classSelf[c]! + selfOf(order[i]!)
    if (onPath[c] === 0) classRetained[c] = classRetained[c]! + retained[i]!
    onPath[c]!++
    exit[i] = 1
    stack.push(i)
    for (let k = childStart[i]!; k < childStart[i + 1]!; k++) stack.push(children[k]!)
  }
}

// By module: each script's SharedFunctionInfos (retained) and its Script (source text etc.).
const moduleOf = (url: string): string => {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (npm) {
    // The last node_modules segment names the package that holds the file.
    const all = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)]
    return all[all.length - 1]![1]!
  }
  if (url.startsWith('node:')) return 'node: (built-ins)'
  if (/apps\/server\/dist\//.test(url)) return 'apps/server/dist (the shop)'
  return url ? url.replace(/^file:\/\//, '').slice(-60) : '(no script)'
}
const stringOfEdge = (n: number, name: string): number | undefined => {
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EF) if (edgeName(e) === name) return edges[e + eTo]! / NF
  return undefined
}
const moduleBytes = new Map<string, { code: number; functions: number; source: number }>()
const bump = (module: string, field: 'code' | 'source', bytes: number, n = 0) => {
  const row = moduleBytes.get(module) ?? { code: 0, functions: 0, source: 0 }
  row[field] += bytes
  row.functions += n
  moduleBytes.set(module, row)
}
// A SharedFunctionInfo points at its Script ('script_or_debug_info', 'script' in older V8s), a
// code node named by the script's URL whose 'source' edge holds its text.
const scripts = new Set<number>()
const postOf = (n: number) => postIndex[n]!
for (let i = 0; i < visited; i++) {
  const n = order[i]!
  if (typeOf(n) !== 'code') continue
  const script = stringOfEdge(n, 'script_or_debug_info') ?? stringOfEdge(n, 'script')
  if (script === undefined || typeOf(script) !== 'code' || stringOfEdge(script, 'source') === undefined) continue
  scripts.add(script)
  // The function's retained size: bytecode, scope info, feedback metadata, source positions.
  bump(moduleOf(nameOf(script)), 'code', retained[i]!, 1)
}
for (const script of scripts) {
  const source = stringOfEdge(script, 'source')!
  if (postOf(source) >= 0 && order[idom[postOf(source)]!] === script)
    bump(moduleOf(nameOf(script)), 'source', selfOf(source))
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2).padStart(8)} MB`
console.log(
  `${file}: ${count.toLocaleString('en-GB')} nodes, ${visited.toLocaleString('en-GB')} reachable, ${MB(totalSelf)} reachable self size`,
)
console.log(`\nby constructor (top ${top} by retained size): count, self, retained`)
const byClass = classNames.map((name, id) => ({ name, id })).sort((a, b) => classRetained[b.id]! - classRetained[a.id]!)
for (const { name, id } of byClass.slice(0, top))
  console.log(
    `  ${name.slice(0, 50).padEnd(50)} ${String(classCount[id]).padStart(9)} ${MB(classSelf[id]!)} ${MB(classRetained[id]!)}`,
  )

console.log(`\nby constructor (top ${top} by self size)`)
for (const { name, id } of [...byClass].sort((a, b) => classSelf[b.id]! - classSelf[a.id]!).slice(0, top))
  console.log(`  ${name.slice(0, 50).padEnd(50)} ${String(classCount[id]).padStart(9)} ${MB(classSelf[id]!)}`)

console.log(`\nby module (compiled functions retained + source text), top ${top}`)
const modules = [...moduleBytes.entries()].sort((a, b) => b[1].code + b[1].source - (a[1].code + a[1].source))
let codeSum = 0
for (const [, row] of modules) codeSum += row.code + row.source
console.log(`  all modules: ${MB(codeSum)}`)
for (const [module, row] of modules.slice(0, top))
  console.log(
    `  ${module.slice(0, 44).padEnd(44)} ${MB(row.code + row.source)} (functions ${MB(row.code)} in ${row.functions}, source ${MB(row.source)})`,
  )

// The largest retainers that are objects (not system internals), named by their holder's edge.
console.log(`\nlargest objects by retained size (top ${top}), with the edge that holds them`)
const holderEdge = (post: number): string => {
  const n = order[post]!
  const dom = order[idom[post]!]!
  for (let e = firstEdge[dom]!; e < firstEdge[dom + 1]!; e += EF)
    if (edges[e + eTo]! / NF === n) return `${classOf(dom).slice(0, 30)}.${edgeName(e).slice(0, 30)}`
  return `(via ${classOf(dom).slice(0, 30)})`
}
const objects: number[] = []
for (let i = 0; i < visited; i++) {
  const type = typeOf(order[i]!)
  if ((type === 'object' || type === 'closure') && retained[i]! > 256 * 1024) objects.push(i)
}
objects.sort((a, b) => retained[b]! - retained[a]!)
for (const i of objects.slice(0, top))
  console.log(`  ${MB(retained[i]!)}  ${classOf(order[i]!).slice(0, 36).padEnd(36)} held by ${holderEdge(i)}`)

// Every LRUCache (lru-cache, whose class name is minified in its dist): its entries and bytes.
const lruIds = new Set(['LRUCache'])
console.log('\ncaches (LRUCache instances, or objects with a #keyMap and #valList): entries, retained, per entry')
for (let i = 0; i < visited; i++) {
  const n = order[i]!
  if (typeOf(n) !== 'object') continue
  let keyMap: number | undefined
  let values: number | undefined
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EF) {
    const name = edgeName(e)
    // lru-cache 11's private fields, by their minified or plain names.
    if (name === '#keyMap' || name === '#r') keyMap = edges[e + eTo]! / NF
    if (name === '#valList' || name === '#t') values = edges[e + eTo]! / NF
  }
  if (!lruIds.has(nameOf(n)) && (keyMap === undefined || values === undefined)) continue
  let entries = 0
  if (values !== undefined)
    for (let e = firstEdge[values]!; e < firstEdge[values + 1]!; e += EF) {
      const to = edges[e + eTo]! / NF
      if (edges[e + eType] === ELEMENT && typeOf(to) !== 'hidden' && nameOf(to) !== 'undefined') entries++
    }
  const size = retained[i]!
  console.log(
    `  ${MB(size)}  ${String(entries).padStart(6)} entries, ${(size / Math.max(1, entries) / 1024).toFixed(1).padStart(7)} KB each, held by ${holderEdge(i)}`,
  )
}

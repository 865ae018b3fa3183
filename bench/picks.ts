/**
 * Benchmark (not a test) of the gift picks (issue 20), on the shipped catalog:
 *
 * - quality: every persona of pick-personas.ts (with its likes, past order and budget) asks for 8
 *   picks over GET /api/recommendations/person/{id}/products?maxPrice=; prints the share of picks
 *   within budget (must be 100%), the share of personas whose 8 hold at least 3 acceptable
 *   products, the share of picks repeating a product bought for the person or another pick
 *   (must be 0), diversity per answer (distinct leaf and top-level categories, the most from one
 *   leaf), the share of answers with the honesty line, and picks per answer;
 * - visitors' questions (issue 40): every question of finder-questions.ts (who, age band, occasion,
 *   budget band, interests) asked of the gift finder without an account, GET /api/gift-finder
 *   with count=8; prints the share of picks within the budget band (must be 100%), the share of
 *   questions whose 8 hold at least 3 acceptable products, picks a child's by title for an adult
 *   (must be 0), the honesty lines and the broader answers offered;
 * - speed: a user with 50 people asks for picks at concurrency 16 over HTTP (closed loop by
 *   autocannon in its own process, cycling people, occasions and budgets; computed live: the
 *   person's input and the catalog reads are kept per data and catalog version after the first
 *   call of each URL, which is measured on its own), the same loop on the shop started as `npm
 *   start` starts it with WEB_CONCURRENCY=2 (two server processes on this benchmark's database),
 *   and the service alone, on the shipped catalog and again once it is grown to BENCH_PRODUCTS
 *   (growCatalog).
 *
 * On a fresh embedded PostgreSQL (the default) and, with DATABASE_URL, on that server too.
 *
 *   npm run bench:picks
 *   BENCH_VERBOSE=1 npm run bench:picks     # every persona's picks with their reasons
 *   BENCH_PRODUCTS=0 npm run bench:picks     # the shipped catalog only (default: also at 1,000,000)
 *   BENCH_PROCESSES=0 npm run bench:picks    # no run on server processes (default: 2)
 *   BENCH_TARGETS=server DATABASE_URL=postgres://... npm run bench:picks   # the server alone
 *   BENCH_SPEED=0 npm run bench:picks        # quality only (the personas and the visitors' questions)
 */
import os from 'node:os'
import { clickThroughs, eq, occasions, products, sql } from '@presently/db'
import { catalogModelFor, productPicksForPerson } from '@presently/api'
import { FINDER_BUDGET_LABELS, type GiftFinderOutput, type ProductPicksOutput } from '@presently/domain'
import { autocannonLoop, inProcessLoop, percentile, type LoopResult } from './closed-loop.ts'
import { loadOnServerProcesses } from './server-process.ts'
import { embeddedTarget, growCatalog, serverTarget, type Target } from './lib.ts'
import { acceptable, childishTitle, PICK_PERSONAS } from './pick-personas.ts'
import { FINDER_QUESTIONS, questionAge } from './finder-questions.ts'
import { addPersona, signedIn, startPersonaShop } from './persona-setup.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16)
const port = Number(process.env.BENCH_PORT ?? 3803)
const verbose = process.env.BENCH_VERBOSE === '1'
/** Products to grow the shipped catalog to for a second speed run (0: none). */
const catalogSize = Number(process.env.BENCH_PRODUCTS ?? 1_000_000)
/** Which databases to run on: "embedded", "server" (DATABASE_URL's) or both. */
const targets = (process.env.BENCH_TARGETS ?? 'embedded,server').split(',')
/** Server processes of the second run of the loop (WEB_CONCURRENCY; 0 skips it). */
const processes = Number(process.env.BENCH_PROCESSES ?? 2)

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`
const mean = (list: number[]) => (list.length ? list.reduce((s, v) => s + v, 0) / list.length : 0)

/** A pick's category levels, top first ("Games", "Card Games"). */
const levelsOf = (product: ProductPicksOutput['picks'][number]['product']): string[] =>
  [product.categoryName, product.category_level1, product.category_level2, product.category_level3].filter(
    (l): l is string => !!l,
  )

/**
 * The visitors' questions of issue 40: each of FINDER_QUESTIONS asked of the gift finder without
 * an account (each from its own address, so the finder's per-IP limit does not answer 429), and
 * the answers' quality printed as the personas' is.
 */
async function visitorsQuestions(app: Awaited<ReturnType<typeof startPersonaShop>>['app']): Promise<void> {
  let picks = 0
  let withinBudget = 0
  let goodAnswers = 0
  let accepted = 0
  let childish = 0
  let honest = 0
  let broader = 0
  const sizes: number[] = []
  const weak: string[] = []
  for (const [i, question] of FINDER_QUESTIONS.entries()) {
    const query = new URLSearchParams({
      who: question.who,
      age: question.age,
      occasion: question.occasion,
      budget: question.budget,
      interests: question.interests.join(','),
      count: '8',
    })
    const res = await app.inject({ url: `/api/gift-finder?${query.toString()}`, remoteAddress: `10.40.0.${i + 1}` })
    if (res.statusCode !== 200) throw new Error(`${query.toString()}: ${res.statusCode} ${res.body}`)
    const body = res.json<GiftFinderOutput>()
    const max = FINDER_BUDGET_LABELS[question.budget].max
    const age = questionAge(question)
    const marks: boolean[] = []
    for (const pick of body.picks) {
      picks += 1
      if (max === null || pick.product.price <= max) withinBudget += 1
      const path = levelsOf(pick.product).join('::')
      const ok = acceptable({ ...question, age }, { path, title: pick.product.title })
      if (age >= 18 && childishTitle(pick.product.title)) childish += 1
      marks.push(ok)
      if (ok) accepted += 1
    }
    const good = marks.filter(Boolean).length
    if (good >= 3) goodAnswers += 1
    else weak.push(`${body.title}: ${good}/${body.picks.length} acceptable${body.note ? ' (honesty line)' : ''}`)
    if (body.note) honest += 1
    if (body.broader) broader += 1
    sizes.push(body.picks.length)
    if (verbose) {
      console.log(`\n  ${body.title}${body.note ? `\n    ! ${body.note}` : ''}`)
      if (body.broader) console.log(`    > ${body.broader.label} (${body.broader.count})`)
      body.picks.forEach((p, k) =>
        console.log(
          `    ${marks[k] ? '+' : '-'} £${p.product.price.toFixed(2).padStart(6)} ${p.product.title}\n        ${p.reason}`,
        ),
      )
    }
  }
  const n = FINDER_QUESTIONS.length
  console.log(`  visitors' questions (gift finder, no account): ${n}`)
  console.log(`    picks within the budget band: ${pct(withinBudget, picks)} (${withinBudget}/${picks})`)
  console.log(`    questions whose top 8 hold >= 3 acceptable products: ${pct(goodAnswers, n)} (${goodAnswers}/${n})`)
  console.log(`    shown picks a visitor would accept: ${pct(accepted, picks)} (${accepted}/${picks})`)
  console.log(`    a child's product by its title, for an adult: ${childish}`)
  console.log(
    `    picks per answer: mean ${mean(sizes).toFixed(2)}, fewer than 8 in ${sizes.filter((s) => s < 8).length}; honesty line in ${honest}, a broader answer offered in ${broader}`,
  )
  for (const line of weak) console.log(`      weak: ${line}`)
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const db = target.db
  const { app, base, ref } = await startPersonaShop(db, port)
  try {
    const shopper = await signedIn(db, 'picks-shopper@example.com')
    let picks = 0
    let withinBudget = 0
    let repeats = 0
    let goodAnswers = 0
    let honest = 0
    // Issue 43: shown picks a person would accept (the product is what the reason says it is
    // for), overall and for adults; and the adults whose interests the catalog lacks.
    let accepted = 0
    let adultPicks = 0
    let adultAccepted = 0
    const leaves: number[] = []
    const roots: number[] = []
    const maxLeaf: number[] = []
    const sizes: number[] = []
    const weak: string[] = []
    for (const persona of PICK_PERSONAS) {
      const id = await addPersona(db, shopper.id, ref, persona)
      const bought = new Set(
        (
          await db
            .select({ productId: clickThroughs.productId })
            .from(clickThroughs)
            .where(eq(clickThroughs.personId, id))
        ).map((r) => r.productId),
      )
      const res = await app.inject({
        url: `/api/recommendations/person/${id}/products?occasion=${encodeURIComponent(persona.occasion)}&count=8&maxPrice=${persona.budget}`,
        headers: { cookie: shopper.cookie },
      })
      if (res.statusCode !== 200) throw new Error(`${persona.name}: ${res.statusCode} ${res.body}`)
      const body = res.json<ProductPicksOutput>()
      const seen = new Set<number>()
      const leafCount = new Map<string, number>()
      const rootSet = new Set<string>()
      let good = 0
      const marks: boolean[] = []
      for (const pick of body.picks) {
        picks += 1
        if (pick.product.price <= persona.budget) withinBudget += 1
        if (seen.has(pick.product.id) || bought.has(pick.product.id)) repeats += 1
        seen.add(pick.product.id)
        const levels = levelsOf(pick.product)
        const path = levels.join('::')
        leafCount.set(path, (leafCount.get(path) ?? 0) + 1)
        rootSet.add(levels[0] ?? '')
        const ok = acceptable(persona, { path, title: pick.product.title })
        marks.push(ok)
        if (ok) good += 1
        if (ok) accepted += 1
        if ((persona.age ?? 30) >= 18) {
          adultPicks += 1
          if (ok) adultAccepted += 1
        }
      }
      if (good >= 3) goodAnswers += 1
      else
        weak.push(`${persona.name} (${persona.occasion}, £${persona.budget}): ${good}/${body.picks.length} acceptable`)
      if (body.fewForInterests) honest += 1
      sizes.push(body.picks.length)
      if (body.picks.length) {
        leaves.push(leafCount.size)
        roots.push(rootSet.size)
        maxLeaf.push(Math.max(...leafCount.values()))
      }
      if (verbose) {
        console.log(
          `\n  ${persona.name}, ${persona.relationship}${persona.age === undefined ? '' : `, ${persona.age}`}, ${persona.occasion}, £${persona.budget} (${body.budget.source})${body.note ? `\n    ! ${body.note}` : ''}`,
        )
        body.picks.forEach((p, i) =>
          console.log(
            `    ${marks[i] ? '+' : '-'} £${p.product.price.toFixed(2).padStart(6)} ${p.product.title}\n        ${p.reason}`,
          ),
        )
      }
    }
    const n = PICK_PERSONAS.length
    console.log(`  personas: ${n} on ${new Set(PICK_PERSONAS.map((p) => p.occasion)).size} occasions`)
    console.log(`  picks within budget: ${pct(withinBudget, picks)} (${withinBudget}/${picks})`)
    console.log(`  personas whose top 8 hold >= 3 acceptable products: ${pct(goodAnswers, n)} (${goodAnswers}/${n})`)
    console.log(
      `  shown picks a person would accept: ${pct(accepted, picks)} (${accepted}/${picks}); adults ${pct(adultAccepted, adultPicks)} (${adultAccepted}/${adultPicks})`,
    )
    console.log(`  picks repeating a bought product or another pick: ${pct(repeats, picks)} (${repeats})`)
    console.log(
      `  diversity per answer: ${mean(leaves).toFixed(2)} leaf categories, ${mean(roots).toFixed(2)} top-level categories, at most ${Math.max(...maxLeaf)} from one leaf`,
    )
    console.log(
      `  picks per answer: mean ${mean(sizes).toFixed(2)}, fewer than 8 in ${sizes.filter((s) => s < 8).length}; honesty line in ${honest}`,
    )
    for (const line of weak) console.log(`    weak: ${line}`)

    await visitorsQuestions(app)

    if (process.env.BENCH_SPEED === '0') return
    // Speed: 50 people of one user, concurrency 16.
    const busy = await signedIn(db, 'fifty-people-picks@example.com')
    const ids: number[] = []
    for (let i = 0; i < 50; i++) {
      const persona = PICK_PERSONAS[i % PICK_PERSONAS.length]!
      ids.push(await addPersona(db, busy.id, ref, { ...persona, name: `${persona.name} ${i}` }))
    }
    const occasionLabels = (await db.select({ label: occasions.label }).from(occasions)).map((o) => o.label)
    const budgets = ['', '&maxPrice=20', '&maxPrice=30', '&maxPrice=50']
    const paths = ids.flatMap((id, i) =>
      [0, 1, 2].map(
        (k) =>
          `/api/recommendations/person/${id}/products?occasion=${encodeURIComponent(occasionLabels[(i * 3 + k) % occasionLabels.length]!)}&count=8${budgets[(i + k) % budgets.length]}`,
      ),
    )
    await fetch(base + paths[0]!, { headers: { cookie: busy.cookie } })
    const line = (label: string, r: LoopResult) =>
      console.log(
        `  ${label.padEnd(48)} p50 ${percentile(r.latencies, 50).toFixed(2).padStart(7)} ms  p95 ${percentile(r.latencies, 95).toFixed(2).padStart(7)} ms  p99 ${percentile(r.latencies, 99).toFixed(2).padStart(7)} ms  ${(r.requests / r.seconds).toFixed(0).padStart(5)} req/s (${r.non2xx} non-2xx, ${r.errors} errors)`,
      )
    const speed = async (catalog: string) => {
      const [{ count } = { count: 0 }] = await db.$count(products).then((c) => [{ count: c }])
      console.log(`  ${catalog}, ${count} products:`)
      // The catalog model of this version built first, as a running shop has it a minute after a
      // catalog change: until then the picks plan from the last model built (staleWhileBuilding),
      // so the loop would meet new category lists and read their products afresh.
      const version = String(
        (await db.execute<{ v: string }>(sql`select version::text as v from catalog_state where id = 1`)).rows[0]?.v ??
          '0',
      )
      const modelStarted = performance.now()
      await catalogModelFor(db, version)
      console.log(`  catalog model of this version built in ${(performance.now() - modelStarted).toFixed(0)} ms`)
      console.log(
        `  latency at concurrency ${concurrency}, ${seconds} s each, user with 50 people (autocannon in its own process):`,
      )
      const load = (list: string[]) =>
        autocannonLoop({ origin: base, paths: list, headers: { cookie: busy.cookie }, concurrency, seconds })
      // Each URL once, one at a time: the catalog reads behind them not yet kept for this version.
      const cold: number[] = []
      for (const path of paths) {
        const started = performance.now()
        await (await fetch(base + path, { headers: { cookie: busy.cookie } })).arrayBuffer()
        cold.push(performance.now() - started)
      }
      cold.sort((a, b) => a - b)
      line('  first call of each URL, one at a time', {
        latencies: cold,
        requests: cold.length,
        non2xx: 0,
        errors: 0,
        seconds: cold.reduce((t, v) => t + v, 0) / 1000,
      })
      line('GET /api/recommendations/person/{id}/products', await load(paths))
      if (processes > 0)
        await loadOnServerProcesses({
          db,
          databaseUrl: target.url,
          port: port + 1,
          processes,
          label: 'GET /api/recommendations/person/{id}/products',
          paths,
          cookie: busy.cookie,
          concurrency,
          seconds,
          rates: [],
          line,
        })
      line(
        '  for scale: GET /api/recommendations/person/{id}',
        await load(ids.map((id) => `/api/recommendations/person/${id}?occasion=Christmas&count=3`)),
      )
      line(
        '  the service alone (productPicksForPerson)',
        await inProcessLoop(concurrency, seconds, (i) =>
          productPicksForPerson(db, {
            userId: busy.id,
            personId: ids[i % ids.length]!,
            occasion: occasionLabels[i % occasionLabels.length]!,
            count: 8,
          }),
        ),
      )
    }
    await speed(`shipped catalog`)
    if (catalogSize > 0) {
      await growCatalog(db, catalogSize)
      await speed(`generated catalog`)
    }
  } finally {
    await app.close()
    await target.close()
  }
}

console.log(
  `Gift-picks benchmark on ${os.cpus().length} cores, Node ${process.version}, ${PICK_PERSONAS.length} personas`,
)
if (targets.includes('embedded')) await run(await embeddedTarget())
if (process.env.DATABASE_URL && targets.includes('server')) await run(await serverTarget(process.env.DATABASE_URL))

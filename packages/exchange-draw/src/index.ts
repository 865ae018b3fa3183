export * from './problem.ts'
export { explainImpossible, listNames, type DrawCause } from './feasibility.ts'
export * from './draw.ts'
export * from './redraw.ts'

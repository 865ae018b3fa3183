// The rule lives in the domain package (the e2e tests and the web share it).
export { christmasIn, christmasSeason } from '@presently/domain'

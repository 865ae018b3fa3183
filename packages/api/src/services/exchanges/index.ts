export { resolveParticipant, issueParticipantLink, type ParticipantRef } from './access.ts'
export {
  createExchange,
  deleteExchange,
  getOrganiserExchange,
  inviteParticipants,
  listExchanges,
  renewJoinLink,
  revokeJoinLink,
  setExclusion,
  setHousehold,
  updateExchange,
} from './organiser.ts'
export { drawExchange, removeParticipant, revealToAll, revealToOrganiser, runAgain } from './draw.ts'
export {
  addItem as addExchangeItem,
  attachToAccount,
  getJoinPage,
  joinByLink,
  joinExchange,
  openMatch,
  participantIdeas,
  participantPage,
  removeItem as removeExchangeItem,
  sendMessage as sendExchangeMessage,
  setGotIt,
  setHints,
  setUnsubscribed,
  viewParticipant,
} from './participant.ts'
export {
  notifyChanged,
  notifyDrawn,
  notifyEveryone,
  notifyInvited,
  notifyJoinConfirm,
  notifyMessage,
} from './notify.ts'
export { runExchangeJobs, purgeExchange, EXCHANGE_JOB, EXCHANGE_JOB_INTERVAL } from './jobs.ts'
export type { ExchangeMailDeps } from './mail.ts'
export { joinQrSvg } from '../../router/exchanges.ts'

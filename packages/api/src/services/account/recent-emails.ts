import { desc, emailLog, type Db } from '@presently/db'

/**
 * The latest sends for staff (status, attempts, last error) without bodies, which hold live
 * links. Staff use it to see whether mail is going out.
 */
export function listRecentEmails(db: Db, limit = 50) {
  return db
    .select({
      id: emailLog.id,
      to: emailLog.toAddress,
      kind: emailLog.kind,
      subject: emailLog.subject,
      status: emailLog.status,
      attempts: emailLog.attempts,
      lastError: emailLog.lastError,
      createdAt: emailLog.createdAt,
      sentAt: emailLog.sentAt,
    })
    .from(emailLog)
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(limit)
}

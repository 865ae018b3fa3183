import { Text, Title } from '@mantine/core'
import { formatPrice, type ExchangeInfo } from '@presently/domain'
import { ukDate } from '../wish-lists/format'
import { EXCHANGE_UI } from './messages'

/**
 * The top of an exchange's pages (join, organiser, participant; issue 36): its name as the page's
 * heading, then "Spending limit £20.00 · <date> · <place>" (no place when none is given). The
 * caller's Stack holds it with what each page says next.
 */
export function ExchangeHeading({
  exchange,
}: {
  exchange: Pick<ExchangeInfo, 'name' | 'limit' | 'exchangeDate' | 'place'>
}) {
  return (
    <>
      <Title order={1}>{exchange.name}</Title>
      <Text>
        {EXCHANGE_UI.limitLine(formatPrice(exchange.limit))} · {ukDate(exchange.exchangeDate)}
        {exchange.place ? ` · ${exchange.place}` : ''}
      </Text>
    </>
  )
}

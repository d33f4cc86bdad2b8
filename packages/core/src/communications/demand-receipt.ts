import { addWeekdays, type IsoDate } from '../dates';
import type { CommChannel } from './comm-constants';

/*
 * When a written demand reached the debtor (preskriptionslag 5 § 2, and the inkassokrav KFM's
 * pre-check counts 8 days from). E-mail, SMS and Kivra report delivery themselves. A letter has no
 * receipt: the print partner's (or the print batch's) record of posting it is the dispatch evidence
 * the law asks the creditor to keep, and an ordinary letter is presumed to arrive within the
 * postal service's delivery time after posting (postförordningen: most letters within three
 * working days). Weekdays only; a public holiday in between is not counted, the one known gap.
 */

/** Working days a posted letter is presumed to take to reach the debtor. */
export const LETTER_PRESUMED_TRANSIT_WEEKDAYS = 3;

export interface DemandDispatch {
  channel: CommChannel;
  /** The message's status in the communications log. */
  status: string;
  /** The Swedish day it was handed to the provider (posted, for a letter); null if never. */
  sentOn: IsoDate | null;
  /** The Swedish day of the provider's delivery report; null without one. */
  deliveredOn: IsoDate | null;
}

/**
 * The day the demand reached the debtor: its delivery report (delivered or opened), or for a
 * posted letter the presumed day of arrival; null when nothing shows it did (failed, cancelled,
 * still waiting, or sent by a channel that reports delivery but has not).
 * @example demandReachedOn({ channel: 'letter', status: 'sent', sentOn: '2026-11-20', deliveredOn: null }) // '2026-11-25'
 */
export function demandReachedOn(dispatch: DemandDispatch): IsoDate | null {
  if (dispatch.status === 'delivered' || dispatch.status === 'opened') return dispatch.deliveredOn ?? dispatch.sentOn;
  if (dispatch.channel === 'letter' && dispatch.status === 'sent' && dispatch.sentOn !== null) {
    return addWeekdays(dispatch.sentOn, LETTER_PRESUMED_TRANSIT_WEEKDAYS);
  }
  return null;
}

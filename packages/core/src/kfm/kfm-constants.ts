import { kronor, type Ore } from '../money';

/** What is applied for at Kronofogden (spec part 2 §3), spelled as the spec does. */
export type KfmApplicationType = 'payment_order' | 'handräckning';

/** Every application type, in the spec's order. */
export const KFM_APPLICATION_TYPES = ['payment_order', 'handräckning'] as const satisfies readonly KfmApplicationType[];

export const KFM_APPLICATION_TYPE_LABELS: Readonly<Record<KfmApplicationType, string>> = {
  payment_order: 'Betalningsföreläggande',
  handräckning: 'Handräckning',
};

/**
 * Kronofogden's application fee (ansökningsavgift), 300 kr for betalningsföreläggande and for
 * handräckning alike (förordning 1992:1094 as amended by SFS 2008:893; spec part 1 §9 "300 SEK
 * default"). The applicant may claim it back from the debtor in the application.
 */
export const KFM_APPLICATION_FEE_ORE: Ore = kronor(300);

/**
 * The normal maximum compensation for the applicant's own work (or its agent's) that
 * Kronofogden awards: 380 kr in a betalningsföreläggande, 420 kr in a handräckning
 * (lag 1990:746 48 §, from 2014-01-01, SFS 2013:1062).
 */
export const KFM_WORK_COMPENSATION_MAX_ORE: Readonly<Record<KfmApplicationType, Ore>> = {
  payment_order: kronor(380),
  handräckning: kronor(420),
};

/**
 * Grundavgift for verkställighet of an utslag (600 kr, förordning 1992:1094). Not part of the
 * application total: it is charged when the case goes to enforcement, so it is shown to staff
 * when they tick "verkställighet" and never added to the XML total.
 */
export const KFM_ENFORCEMENT_BASIC_FEE_ORE: Ore = kronor(600);

/**
 * Kronofogden's own claim types (delkravstyp) that the domain reference confirms (§5.2):
 * Kapital for the capital, Förseningsersättning for the 450 kr of lag 1981:739 4 a §, and
 * Inkasso for collection costs claimed on their own (after the capital was paid).
 */
export type KfmDelkravType = 'Kapital' | 'Inkasso' | 'Förseningsersättning';

/** Fee codes that are förseningsersättning (lag 1981:739 4 a §); every other fee is an inkassokostnad. */
export const KFM_LATE_PAYMENT_FEE_CODES: readonly string[] = ['LATE_FEE_450'];

/** Name and version of Fordran's own KFM export format (the official schema is not public). */
export const KFM_EXPORT_FORMAT = {
  name: 'fordran-kfm-ansokan',
  version: '1.0',
} as const;

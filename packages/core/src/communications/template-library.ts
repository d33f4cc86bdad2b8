import type { CommChannel, CommTemplateCategory } from './comm-constants';

/** One template of the library as it is written into an organisation. */
export interface LibraryTemplate {
  /** `<MESSAGE>_<CHANNEL>`, e.g. DEMAND_LETTER: stable, so sending and dunning can name it. */
  code: string;
  name: string;
  category: CommTemplateCategory;
  channel: CommChannel;
  /** E-mail and letter only. */
  subject: string | null;
  body_md: string;
}

/** One message of the library, written once and offered on several channels. */
interface LibraryMessage {
  code: string;
  name: string;
  category: CommTemplateCategory;
  subject: string;
  /** The text for e-mail and letter. */
  body: string;
  /** Channels besides SMS that carry `body`. */
  channels: readonly ('email' | 'letter')[];
  /**
   * A short text when the message also goes by SMS: at most two parts even with long names. An
   * amount's no-break spaces make an SMS UCS-2 (67 characters a part), and the sender name
   * already says who writes.
   */
  sms?: string;
}

const SIGNATURE = '\n\nMed vänlig hälsning\n{{agent_name}}';

/** Everything inkassolagen 5 § and god inkassosed ask of a demand (`missingDemandContent` is empty for it). */
const DEMAND_BODY = `INKASSOKRAV

Gäldenär: {{debtor_name}}
Borgenär: {{creditor_name}}
Inkassoombud: {{agent_name}}
Ärendereferens: {{case_reference}}

{{agent_name}} har fått i uppdrag av {{creditor_name}} att driva in följande obetalda fordran:
{{claim_description}}

Kapital: {{principal}}
Ränta:
{{interest_specification}}
Avgifter:
{{fee_specification}}
Inbetalt: {{paid}}
Att betala totalt: {{amount}}

Betala senast {{payment_deadline}} till bankgiro {{bankgiro}}. Ange OCR-nummer {{ocr}} vid betalningen. Ränta löper på kapitalet till dess att betalning sker.

Om du anser att kravet är felaktigt ska du framföra din invändning till oss senast {{payment_deadline}} och ange ärendereferensen {{case_reference}}. Du kan svara på detta meddelande, skriva till oss per brev eller lämna invändningen på Mina sidor. Den del av kravet som du invänder mot drivs inte vidare medan invändningen utreds.

Om du varken betalar eller invänder senast {{payment_deadline}} kan vi utan ytterligare påminnelse ansöka om betalningsföreläggande hos Kronofogden. Det medför ytterligare kostnader för dig och kan leda till en betalningsanmärkning.${SIGNATURE}`;

const MESSAGES: readonly LibraryMessage[] = [
  {
    code: 'REMINDER',
    name: 'Påminnelse',
    category: 'reminder',
    subject: 'Påminnelse – obetald faktura från {{creditor_name}}',
    body: `Hej {{debtor_name}}!

Vi har inte fått betalt för {{claim_description}} från {{creditor_name}}. Att betala: {{amount}}.

Betala senast {{payment_deadline}} till bankgiro {{bankgiro}} med OCR-nummer {{ocr}}. Har du redan betalat kan du bortse från denna påminnelse.

Har du frågor, eller anser du att kravet är felaktigt, kontakta oss och ange ärendereferens {{case_reference}}.${SIGNATURE}`,
    channels: ['email', 'letter'],
    sms: 'Påminnelse: {{amount}} är obetalt (ärende {{case_reference}}). Betala senast {{payment_deadline}} till bg {{bankgiro}}, OCR {{ocr}}.',
  },
  {
    code: 'DEMAND',
    name: 'Inkassokrav',
    category: 'demand',
    subject: 'Inkassokrav – ärende {{case_reference}}',
    body: DEMAND_BODY,
    channels: ['email', 'letter'],
  },
  {
    code: 'PLAN_AGREEMENT',
    name: 'Betalningsplan – avtal',
    category: 'plan',
    subject: 'Bekräftelse av betalningsplan – ärende {{case_reference}}',
    body: `Hej {{debtor_name}}!

Du har kommit överens med {{agent_name}} om en betalningsplan för skulden till {{creditor_name}} ({{claim_description}}). Skulden uppgår i dag till {{amount}}, varav kapital {{principal}}, ränta {{interest}} och avgifter {{fees}}.

Betala varje delbelopp senast på dess förfallodag enligt planen till bankgiro {{bankgiro}} med OCR-nummer {{ocr}}. Ränta löper på kapitalet under planens löptid. Uteblir en delbetalning kan hela den återstående skulden förfalla till betalning och indrivningen återupptas.${SIGNATURE}`,
    channels: ['email', 'letter'],
  },
  {
    code: 'PLAN_INSTALMENT',
    name: 'Betalningsplan – avisering av delbetalning',
    category: 'plan',
    subject: 'Dags för delbetalning – ärende {{case_reference}}',
    body: `Hej {{debtor_name}}!

Det är snart dags för nästa delbetalning enligt din betalningsplan i ärende {{case_reference}}. Kvar att betala totalt: {{amount}}.

Betala till bankgiro {{bankgiro}} med OCR-nummer {{ocr}}.${SIGNATURE}`,
    channels: ['email'],
    sms: 'Dags för delbetalning i ärende {{case_reference}}: betala till bg {{bankgiro}}, OCR {{ocr}}. Kvar totalt: {{amount}}.',
  },
  {
    code: 'KFM_NOTICE',
    name: 'Inför ansökan hos Kronofogden',
    category: 'kfm',
    subject: 'Inför ansökan om betalningsföreläggande – ärende {{case_reference}}',
    body: `Hej {{debtor_name}}!

Trots tidigare krav har vi inte fått betalt för {{claim_description}} till {{creditor_name}}. Att betala: {{amount}} (kapital {{principal}}, ränta {{interest}}, avgifter {{fees}}).

Om beloppet inte är betalt senast {{payment_deadline}} kommer vi att ansöka om betalningsföreläggande hos Kronofogden. Det medför ytterligare kostnader för dig, och ett utslag kan leda till en betalningsanmärkning.

Betala till bankgiro {{bankgiro}} med OCR-nummer {{ocr}}. Anser du att kravet är felaktigt, kontakta oss omgående och ange ärendereferens {{case_reference}}.${SIGNATURE}`,
    channels: ['email', 'letter'],
  },
  {
    code: 'RECEIPT',
    name: 'Kvitto på inbetalning',
    category: 'receipt',
    subject: 'Kvitto på din inbetalning – ärende {{case_reference}}',
    body: `Hej {{debtor_name}}!

Tack för din betalning i ärende {{case_reference}}. Hittills inbetalt: {{paid}}. Kvar att betala: {{amount}}.${SIGNATURE}`,
    channels: ['email'],
    sms: 'Tack för din betalning till {{agent_name}} i ärende {{case_reference}}. Kvar att betala: {{amount}}.',
  },
  {
    code: 'DISPUTE_RECEIVED',
    name: 'Invändning mottagen',
    category: 'dispute',
    subject: 'Vi har tagit emot din invändning – ärende {{case_reference}}',
    body: `Hej {{debtor_name}}!

Vi har tagit emot din invändning mot kravet från {{creditor_name}} ({{claim_description}}), ärendereferens {{case_reference}}. Den del av kravet som du invänt mot drivs inte vidare medan vi utreder invändningen tillsammans med {{creditor_name}}. Vi hör av oss när utredningen är klar.${SIGNATURE}`,
    channels: ['email', 'letter'],
  },
  {
    code: 'PORTAL_INVITE',
    name: 'Inbjudan till Mina sidor',
    category: 'portal',
    subject: 'Se och hantera ditt ärende på Mina sidor',
    body: `Hej {{debtor_name}}!

På Mina sidor kan du se ditt ärende hos {{agent_name}}, betala, föreslå en betalningsplan eller lämna en invändning. Du loggar in med BankID. Ditt ärende har referensen {{case_reference}}, och att betala just nu är {{amount}}.${SIGNATURE}`,
    channels: ['email'],
    sms: 'Se ditt ärende {{case_reference}} hos {{agent_name}} på Mina sidor: logga in med BankID för att betala, föreslå en betalningsplan eller invända.',
  },
  {
    code: 'GDPR_INFO',
    name: 'Information om personuppgifter',
    category: 'gdpr',
    subject: 'Information om hur vi behandlar dina personuppgifter',
    body: `Hej {{debtor_name}}!

{{agent_name}} behandlar dina personuppgifter för att driva in fordran från {{creditor_name}} (ärendereferens {{case_reference}}). Behandlingen sker för att fullgöra uppdraget från {{creditor_name}} enligt inkassolagen (berättigat intresse). Vi behandlar namn, person- eller organisationsnummer, kontaktuppgifter och uppgifter om skulden och dina betalningar.

Uppgifterna sparas så länge ärendet pågår och därefter så länge lag kräver, till exempel bokföringslagen. Du har rätt att begära ett utdrag, rättelse och i vissa fall radering eller begränsning av behandlingen, och att klaga hos Integritetsskyddsmyndigheten (IMY).${SIGNATURE}`,
    channels: ['email', 'letter'],
  },
];

const CHANNEL_NAMES = { email: 'e-post', sms: 'SMS', letter: 'brev' } as const;

function expand(message: LibraryMessage): LibraryTemplate[] {
  const templates: LibraryTemplate[] = message.channels.map((channel) => ({
    code: `${message.code}_${channel.toUpperCase()}`,
    name: `${message.name} (${CHANNEL_NAMES[channel]})`,
    category: message.category,
    channel,
    subject: message.subject,
    body_md: message.body,
  }));
  if (message.sms !== undefined) {
    templates.push({
      code: `${message.code}_SMS`,
      name: `${message.name} (${CHANNEL_NAMES.sms})`,
      category: message.category,
      channel: 'sms',
      subject: null,
      body_md: message.sms,
    });
  }
  return templates;
}

/**
 * Mallbibliotek Sverige v1 (issue 11): påminnelse, inkassokrav, betalningsplan (avtal and
 * avisering), inför ansökan hos Kronofogden, kvitto, invändning mottagen, inbjudan till Mina
 * sidor and GDPR information, on e-mail, letter and (the short ones) SMS. Every new
 * organisation gets it; the inkassokrav has everything a demand must have.
 */
export const TEMPLATE_LIBRARY_V1: readonly LibraryTemplate[] = MESSAGES.flatMap(expand);

/** The library's inkassokrav by channel: what dunning and the demo send as the demand. */
export const LIBRARY_DEMAND_CODES = { email: 'DEMAND_EMAIL', letter: 'DEMAND_LETTER' } as const;

import { describe, expect, it } from 'vitest';
import {
  AROSE_ON_AFTER_DUE_MESSAGE,
  AROSE_ON_FUTURE_MESSAGE,
  checkCaseCreate,
  DUE_DATE_PAST_MESSAGE,
  EMPTY_CLAIM_FORM,
  REQUIRED_MESSAGE,
  type ClaimFormValues,
} from './create-case-validation';

const TODAY = '2026-11-23';
const AMOUNT_POSITIVE_MESSAGE = 'Belopp måste vara större än 0';
const AMBIGUOUS_MESSAGE = 'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50';
const CHOICE = { creditorId: 'creditor-1', partyId: 'party-1' };
const VALID: ClaimFormValues = {
  ...EMPTY_CLAIM_FORM,
  reference_no: ' F-1001 ',
  principal_amount: '7 950,5',
  due_date: '2026-10-01',
};

describe('checkCaseCreate', () => {
  it('sends the day the claim arose (and whether it is estimated) when given, and nothing when left empty', () => {
    const given = checkCaseCreate(CHOICE, { ...VALID, arose_on: '20260901', arose_on_estimated: true }, TODAY);
    expect(given).toMatchObject({ ok: true, body: { due_date: '2026-10-01', arose_on: '2026-09-01', arose_on_estimated: true } });
    const empty = checkCaseCreate(CHOICE, VALID, TODAY);
    expect(empty.ok && 'arose_on' in empty.body).toBe(false);
  });

  it('refuses a day the claim arose after its due date or in the future, with the server texts', () => {
    expect(checkCaseCreate(CHOICE, { ...VALID, arose_on: '2026-10-02' }, TODAY)).toEqual({
      ok: false,
      message: AROSE_ON_AFTER_DUE_MESSAGE,
      fieldErrors: { arose_on: AROSE_ON_AFTER_DUE_MESSAGE },
    });
    expect(checkCaseCreate(CHOICE, { ...VALID, arose_on: '2026-11-24' }, TODAY)).toMatchObject({
      ok: false,
      fieldErrors: { arose_on: AROSE_ON_FUTURE_MESSAGE },
    });
  });

  it('builds the request body of a valid claim', () => {
    expect(checkCaseCreate(CHOICE, { ...VALID, notes: '  ', contract_type: 'Faktura' }, TODAY)).toEqual({
      ok: true,
      body: {
        creditor_id: 'creditor-1',
        party_id: 'party-1',
        reference_no: 'F-1001',
        principal_amount: '7950.50',
        due_date: '2026-10-01',
        contract_type: 'Faktura',
        notes: null,
        mandate_type: 'direct',
        agent_creditor_id: null,
        reminder_fee_agreed: false,
      },
    });
  });

  it('asks for every required field with the spec text', () => {
    const check = checkCaseCreate({ creditorId: null, partyId: null }, EMPTY_CLAIM_FORM, TODAY);
    expect(check).toEqual({
      ok: false,
      message: REQUIRED_MESSAGE,
      fieldErrors: {
        creditor: REQUIRED_MESSAGE,
        party: REQUIRED_MESSAGE,
        reference_no: REQUIRED_MESSAGE,
        principal_amount: REQUIRED_MESSAGE,
        due_date: REQUIRED_MESSAGE,
      },
    });
  });

  it.each(['0', '0,00', '-5'])('refuses the amount %s', (amount) => {
    expect(checkCaseCreate(CHOICE, { ...VALID, principal_amount: amount }, TODAY)).toMatchObject({
      ok: false,
      message: AMOUNT_POSITIVE_MESSAGE,
      fieldErrors: { principal_amount: AMOUNT_POSITIVE_MESSAGE },
    });
  });

  it('refuses more than two decimals', () => {
    expect(checkCaseCreate(CHOICE, { ...VALID, principal_amount: '1000,005' }, TODAY)).toMatchObject({
      ok: false,
      message: 'Beloppet får ha högst två decimaler',
    });
  });

  it.each(['10,005', '1.234', '1,234.50', '7 95'])('refuses the ambiguous amount %j rather than guess', (amount) => {
    expect(checkCaseCreate(CHOICE, { ...VALID, principal_amount: amount }, TODAY)).toMatchObject({
      ok: false,
      message: AMBIGUOUS_MESSAGE,
      fieldErrors: { principal_amount: AMBIGUOUS_MESSAGE },
    });
  });

  it('reads the Swedish ways of typing the amount and the date', () => {
    const check = checkCaseCreate(CHOICE, { ...VALID, principal_amount: '12\u00a0500,5 kr', due_date: '20261001' }, TODAY);
    expect(check).toMatchObject({ ok: true, body: { principal_amount: '12500.50', due_date: '2026-10-01' } });
  });

  it('refuses a date that does not exist or is not written YYYY-MM-DD', () => {
    for (const due_date of ['2026-02-30', '10/01/2026']) {
      expect(checkCaseCreate(CHOICE, { ...VALID, due_date }, TODAY)).toMatchObject({
        ok: false,
        fieldErrors: { due_date: 'Ogiltigt datum – skriv ÅÅÅÅ-MM-DD, t.ex. 2026-01-31' },
      });
    }
  });

  it('accepts a claim due today and refuses one due tomorrow', () => {
    expect(checkCaseCreate(CHOICE, { ...VALID, due_date: TODAY }, TODAY).ok).toBe(true);
    expect(checkCaseCreate(CHOICE, { ...VALID, due_date: '2026-11-24' }, TODAY)).toMatchObject({
      ok: false,
      message: DUE_DATE_PAST_MESSAGE,
      fieldErrors: { due_date: DUE_DATE_PAST_MESSAGE },
    });
  });

  it('names a missing field before a wrong one', () => {
    const check = checkCaseCreate(CHOICE, { ...VALID, reference_no: '', principal_amount: '0' }, TODAY);
    expect(check).toMatchObject({ ok: false, message: REQUIRED_MESSAGE, fieldErrors: { principal_amount: AMOUNT_POSITIVE_MESSAGE } });
  });

  it("needs the ombud for 'Via ombud' and sends it only then", () => {
    expect(checkCaseCreate(CHOICE, { ...VALID, mandate_type: 'agent' }, TODAY)).toMatchObject({
      ok: false,
      fieldErrors: { agent_creditor_id: REQUIRED_MESSAGE },
    });
    expect(checkCaseCreate(CHOICE, { ...VALID, mandate_type: 'agent', agent_creditor_id: 'agent-1' }, TODAY)).toMatchObject({
      ok: true,
      body: { mandate_type: 'agent', agent_creditor_id: 'agent-1' },
    });
    expect(checkCaseCreate(CHOICE, { ...VALID, mandate_type: 'assignee', agent_creditor_id: 'agent-1' }, TODAY)).toMatchObject({
      ok: true,
      body: { mandate_type: 'assignee', agent_creditor_id: null },
    });
  });
});

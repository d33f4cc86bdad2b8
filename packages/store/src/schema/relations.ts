import { relations } from 'drizzle-orm';
import { profiles, users } from './auth';
import { notifications, organisations, userOrgRoles } from './orgs';
import { creditors, parties } from './parties';
import { caseEvents, caseFees, caseFlags, cases, claims, disputes, paymentPlans } from './cases';
import { interestProfiles, paymentAllocations, payments } from './finance';
import { glAccounts, glEntries, glJournals } from './ledger';
import { bankAccounts, bankStatements } from './bank';
import { commDeliveries, commTemplates, communications } from './communications';
import { kfmCases, kfmEvents, kfmFiles, kfmSubmissions } from './kfm';
import { lawsuits } from './legal';

/*
 * Relations for drizzle's relational queries (`db.query.cases.findFirst({ with: { creditor: true } })`),
 * covering the joins the spec's screens make (part 1 §7, part 2 §7). They add no SQL: the foreign
 * keys live on the tables. Tenant filtering is still the query's job (always where org_id = …).
 */

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.id] }),
  memberships: many(userOrgRoles),
}));

export const userOrgRolesRelations = relations(userOrgRoles, ({ one }) => ({
  organisation: one(organisations, { fields: [userOrgRoles.org_id], references: [organisations.id] }),
  user: one(users, { fields: [userOrgRoles.user_id], references: [users.id] }),
  profile: one(profiles, { fields: [userOrgRoles.user_id], references: [profiles.id] }),
  creditor: one(creditors, { fields: [userOrgRoles.creditor_id], references: [creditors.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.user_id], references: [users.id] }),
}));

export const claimsRelations = relations(claims, ({ one }) => ({
  creditor: one(creditors, { fields: [claims.creditor_id], references: [creditors.id] }),
}));

export const casesRelations = relations(cases, ({ one, many }) => ({
  creditor: one(creditors, { fields: [cases.creditor_id], references: [creditors.id], relationName: 'case_creditor' }),
  legalCreditor: one(creditors, { fields: [cases.legal_creditor_id], references: [creditors.id], relationName: 'case_legal_creditor' }),
  agentCreditor: one(creditors, { fields: [cases.agent_creditor_id], references: [creditors.id], relationName: 'case_agent_creditor' }),
  party: one(parties, { fields: [cases.party_id], references: [parties.id] }),
  claim: one(claims, { fields: [cases.claim_id], references: [claims.id] }),
  interestProfile: one(interestProfiles, { fields: [cases.interest_profile_id], references: [interestProfiles.id] }),
  events: many(caseEvents),
  flags: many(caseFlags),
  fees: many(caseFees),
  paymentPlans: many(paymentPlans),
  disputes: many(disputes),
  communications: many(communications),
  allocations: many(paymentAllocations),
  kfmCases: many(kfmCases),
  lawsuits: many(lawsuits),
}));

export const creditorsRelations = relations(creditors, ({ many }) => ({
  cases: many(cases, { relationName: 'case_creditor' }),
}));

export const partiesRelations = relations(parties, ({ many }) => ({
  cases: many(cases),
}));

export const caseEventsRelations = relations(caseEvents, ({ one }) => ({
  case: one(cases, { fields: [caseEvents.case_id], references: [cases.id] }),
  actor: one(profiles, { fields: [caseEvents.actor_id], references: [profiles.id] }),
}));

export const caseFlagsRelations = relations(caseFlags, ({ one }) => ({
  case: one(cases, { fields: [caseFlags.case_id], references: [cases.id] }),
}));

export const caseFeesRelations = relations(caseFees, ({ one }) => ({
  case: one(cases, { fields: [caseFees.case_id], references: [cases.id] }),
}));

export const paymentPlansRelations = relations(paymentPlans, ({ one }) => ({
  case: one(cases, { fields: [paymentPlans.case_id], references: [cases.id] }),
}));

export const disputesRelations = relations(disputes, ({ one }) => ({
  case: one(cases, { fields: [disputes.case_id], references: [cases.id] }),
}));

export const paymentsRelations = relations(payments, ({ one, many }) => ({
  bankStatement: one(bankStatements, { fields: [payments.bank_statement_id], references: [bankStatements.id] }),
  allocations: many(paymentAllocations),
}));

export const paymentAllocationsRelations = relations(paymentAllocations, ({ one }) => ({
  payment: one(payments, { fields: [paymentAllocations.payment_id], references: [payments.id] }),
  case: one(cases, { fields: [paymentAllocations.case_id], references: [cases.id] }),
}));

export const glJournalsRelations = relations(glJournals, ({ many }) => ({
  entries: many(glEntries),
}));

export const glEntriesRelations = relations(glEntries, ({ one }) => ({
  journal: one(glJournals, { fields: [glEntries.journal_id], references: [glJournals.id] }),
  account: one(glAccounts, { fields: [glEntries.account_id], references: [glAccounts.id] }),
}));

export const bankStatementsRelations = relations(bankStatements, ({ one, many }) => ({
  bankAccount: one(bankAccounts, { fields: [bankStatements.bank_account_id], references: [bankAccounts.id] }),
  payments: many(payments),
}));

export const communicationsRelations = relations(communications, ({ one, many }) => ({
  case: one(cases, { fields: [communications.case_id], references: [cases.id] }),
  template: one(commTemplates, { fields: [communications.template_id], references: [commTemplates.id] }),
  deliveries: many(commDeliveries),
}));

export const commDeliveriesRelations = relations(commDeliveries, ({ one }) => ({
  communication: one(communications, { fields: [commDeliveries.communication_id], references: [communications.id] }),
}));

export const kfmCasesRelations = relations(kfmCases, ({ one, many }) => ({
  case: one(cases, { fields: [kfmCases.case_id], references: [cases.id] }),
  creditor: one(creditors, { fields: [kfmCases.creditor_id], references: [creditors.id] }),
  files: many(kfmFiles),
  submissions: many(kfmSubmissions),
  events: many(kfmEvents),
}));

export const kfmFilesRelations = relations(kfmFiles, ({ one }) => ({
  kfmCase: one(kfmCases, { fields: [kfmFiles.kfm_case_id], references: [kfmCases.id] }),
}));

export const kfmSubmissionsRelations = relations(kfmSubmissions, ({ one }) => ({
  kfmCase: one(kfmCases, { fields: [kfmSubmissions.kfm_case_id], references: [kfmCases.id] }),
  fileOut: one(kfmFiles, { fields: [kfmSubmissions.file_out_id], references: [kfmFiles.id] }),
}));

export const kfmEventsRelations = relations(kfmEvents, ({ one }) => ({
  kfmCase: one(kfmCases, { fields: [kfmEvents.kfm_case_id], references: [kfmCases.id] }),
}));

export const lawsuitsRelations = relations(lawsuits, ({ one }) => ({
  case: one(cases, { fields: [lawsuits.case_id], references: [cases.id] }),
}));

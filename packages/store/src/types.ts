/*
 * Row types of every table: `XRow` is what a select returns, `NewXRow` what an insert accepts
 * (columns with defaults optional). Suffixed `Row` so they never clash with domain types in core.
 */
import type {
  templateQaBatches,
  aiPlaybooks,
  aiSuggestions,
  auditLogs,
  authAttempts,
  bankAccounts,
  bankStatements,
  bankStatementResolutions,
  bankidOrders,
  caseEvents,
  caseFees,
  caseFlags,
  cases,
  claims,
  commChannelsSettings,
  commDeliveries,
  commTemplates,
  commTemplateVersions,
  communications,
  creditors,
  disputes,
  dunningCaseSteps,
  dunningPlans,
  dunningRuns,
  dunningSteps,
  distributionRules,
  feeCatalogue,
  glAccounts,
  glEntries,
  glJournals,
  interestProfiles,
  invitations,
  jobQueue,
  kfmCases,
  kfmEvents,
  kfmFiles,
  kfmSubmissions,
  lawsuits,
  mfaChallenges,
  mfaFactors,
  notifications,
  onboardingSteps,
  organisations,
  parties,
  paymentAllocations,
  paymentPlans,
  prescriptionInterruptions,
  payments,
  portalSessions,
  profiles,
  referenceRates,
  riskProfiles,
  rules,
  sessions,
  storedFiles,
  unsubscribeTokens,
  userOrgRoles,
  users,
} from './schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfileRow = typeof profiles.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
export type MfaFactorRow = typeof mfaFactors.$inferSelect;
export type NewMfaFactorRow = typeof mfaFactors.$inferInsert;
export type AuthAttemptRow = typeof authAttempts.$inferSelect;
export type NewAuthAttemptRow = typeof authAttempts.$inferInsert;
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;
export type NewMfaChallengeRow = typeof mfaChallenges.$inferInsert;
export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisationRow = typeof organisations.$inferInsert;
export type UserOrgRoleRow = typeof userOrgRoles.$inferSelect;
export type NewUserOrgRoleRow = typeof userOrgRoles.$inferInsert;
export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitationRow = typeof invitations.$inferInsert;
export type OnboardingStepRow = typeof onboardingSteps.$inferSelect;
export type NewOnboardingStepRow = typeof onboardingSteps.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type CreditorRow = typeof creditors.$inferSelect;
export type NewCreditorRow = typeof creditors.$inferInsert;
export type PartyRow = typeof parties.$inferSelect;
export type NewPartyRow = typeof parties.$inferInsert;
export type ClaimRow = typeof claims.$inferSelect;
export type NewClaimRow = typeof claims.$inferInsert;
export type CaseRow = typeof cases.$inferSelect;
export type NewCaseRow = typeof cases.$inferInsert;
export type CaseEventRow = typeof caseEvents.$inferSelect;
export type NewCaseEventRow = typeof caseEvents.$inferInsert;
export type CaseFlagRow = typeof caseFlags.$inferSelect;
export type NewCaseFlagRow = typeof caseFlags.$inferInsert;
export type CaseFeeRow = typeof caseFees.$inferSelect;
export type NewCaseFeeRow = typeof caseFees.$inferInsert;
export type PaymentPlanRow = typeof paymentPlans.$inferSelect;
export type NewPaymentPlanRow = typeof paymentPlans.$inferInsert;
export type PrescriptionInterruptionRow = typeof prescriptionInterruptions.$inferSelect;
export type NewPrescriptionInterruptionRow = typeof prescriptionInterruptions.$inferInsert;
export type DisputeRow = typeof disputes.$inferSelect;
export type NewDisputeRow = typeof disputes.$inferInsert;
export type RuleRow = typeof rules.$inferSelect;
export type NewRuleRow = typeof rules.$inferInsert;
export type FeeCatalogueEntryRow = typeof feeCatalogue.$inferSelect;
export type NewFeeCatalogueEntryRow = typeof feeCatalogue.$inferInsert;
export type InterestProfileRow = typeof interestProfiles.$inferSelect;
export type NewInterestProfileRow = typeof interestProfiles.$inferInsert;
export type ReferenceRateRow = typeof referenceRates.$inferSelect;
export type NewReferenceRateRow = typeof referenceRates.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type PaymentAllocationRow = typeof paymentAllocations.$inferSelect;
export type NewPaymentAllocationRow = typeof paymentAllocations.$inferInsert;
export type GlAccountRow = typeof glAccounts.$inferSelect;
export type NewGlAccountRow = typeof glAccounts.$inferInsert;
export type GlJournalRow = typeof glJournals.$inferSelect;
export type NewGlJournalRow = typeof glJournals.$inferInsert;
export type GlEntryRow = typeof glEntries.$inferSelect;
export type NewGlEntryRow = typeof glEntries.$inferInsert;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewBankAccountRow = typeof bankAccounts.$inferInsert;
export type BankStatementRow = typeof bankStatements.$inferSelect;
export type NewBankStatementRow = typeof bankStatements.$inferInsert;
export type BankStatementResolutionRow = typeof bankStatementResolutions.$inferSelect;
export type CommTemplateRow = typeof commTemplates.$inferSelect;
export type NewCommTemplateRow = typeof commTemplates.$inferInsert;
export type CommTemplateVersionRow = typeof commTemplateVersions.$inferSelect;
export type NewCommTemplateVersionRow = typeof commTemplateVersions.$inferInsert;
export type TemplateQaBatchRow = typeof templateQaBatches.$inferSelect;
export type CommChannelSettingRow = typeof commChannelsSettings.$inferSelect;
export type NewCommChannelSettingRow = typeof commChannelsSettings.$inferInsert;
export type CommunicationRow = typeof communications.$inferSelect;
export type NewCommunicationRow = typeof communications.$inferInsert;
export type CommDeliveryRow = typeof commDeliveries.$inferSelect;
export type NewCommDeliveryRow = typeof commDeliveries.$inferInsert;
export type UnsubscribeTokenRow = typeof unsubscribeTokens.$inferSelect;
export type NewUnsubscribeTokenRow = typeof unsubscribeTokens.$inferInsert;
export type DunningPlanRow = typeof dunningPlans.$inferSelect;
export type DunningStepRow = typeof dunningSteps.$inferSelect;
export type NewDunningStepRow = typeof dunningSteps.$inferInsert;
export type DunningRunRow = typeof dunningRuns.$inferSelect;
export type DunningCaseStepRow = typeof dunningCaseSteps.$inferSelect;
export type NewDunningCaseStepRow = typeof dunningCaseSteps.$inferInsert;
export type KfmCaseRow = typeof kfmCases.$inferSelect;
export type NewKfmCaseRow = typeof kfmCases.$inferInsert;
export type KfmFileRow = typeof kfmFiles.$inferSelect;
export type NewKfmFileRow = typeof kfmFiles.$inferInsert;
export type KfmSubmissionRow = typeof kfmSubmissions.$inferSelect;
export type NewKfmSubmissionRow = typeof kfmSubmissions.$inferInsert;
export type KfmEventRow = typeof kfmEvents.$inferSelect;
export type NewKfmEventRow = typeof kfmEvents.$inferInsert;
export type LawsuitRow = typeof lawsuits.$inferSelect;
export type NewLawsuitRow = typeof lawsuits.$inferInsert;
export type PortalSessionRow = typeof portalSessions.$inferSelect;
export type NewPortalSessionRow = typeof portalSessions.$inferInsert;
export type BankidOrderRow = typeof bankidOrders.$inferSelect;
export type NewBankidOrderRow = typeof bankidOrders.$inferInsert;
export type JobRow = typeof jobQueue.$inferSelect;
export type NewJobRow = typeof jobQueue.$inferInsert;
export type AuditLogRow = typeof auditLogs.$inferSelect;
export type NewAuditLogRow = typeof auditLogs.$inferInsert;
export type DistributionRuleRow = typeof distributionRules.$inferSelect;
export type NewDistributionRuleRow = typeof distributionRules.$inferInsert;
export type RiskProfileRow = typeof riskProfiles.$inferSelect;
export type NewRiskProfileRow = typeof riskProfiles.$inferInsert;
export type AiPlaybookRow = typeof aiPlaybooks.$inferSelect;
export type NewAiPlaybookRow = typeof aiPlaybooks.$inferInsert;
export type AiSuggestionRow = typeof aiSuggestions.$inferSelect;
export type NewAiSuggestionRow = typeof aiSuggestions.$inferInsert;
export type StoredFileRow = typeof storedFiles.$inferSelect;

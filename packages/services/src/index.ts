/**
 * @fordran/services: the use cases. Each is a plain function `(ctx, input)` that validates its
 * input (schemas shared with the API and CLI), checks the role, and writes in one transaction with
 * its audit row. The API and the CLI are thin wrappers over these.
 */
export * from './context';
export * from './clock';
export * from './schemas';
export * from './access/roles';
export * from './access/membership';
export * from './audit/audit-log';
export { hashPassword, verifyPassword } from './auth/passwords';
export { newOpaqueToken, hashOpaqueToken, signAccessToken, verifyAccessToken, type AccessTokenClaims } from './auth/tokens';
export { newTotpSecret, totpUri, totpStep, totpCodeAt } from './auth/totp';
export { signUp } from './auth/sign-up';
export { signIn, type RequestMeta } from './auth/sign-in';
export { authenticate, refreshSession, signOut, startSession, revokeFamily } from './auth/sessions';
export { listFactors, enrollFactor, challengeFactor, verifyFactor, unenrollFactor } from './auth/mfa';
export { acceptInvitation, previewInvitation } from './auth/invitations';
export { getMe, updateProfile, uploadAvatar, readAvatar, AVATAR_KEY_PREFIX, FILES_URL_PREFIX } from './me/me';
export { sniffImageType, type SniffedImage } from './me/image-type';
export { createOrganisation, defaultOrganisationName } from './orgs/create-organisation';
export { getOrganisation, updateOrganisation } from './orgs/organisation';
export { listMembers, createInvitation, updateMember, removeMember, revokeInvitation, LAST_ADMIN_MESSAGE } from './orgs/members';
export { getOnboarding, setOnboardingStep, dismissOnboarding, restoreOnboarding, createOnboardingSteps } from './onboarding/onboarding';
export {
  listNotifications,
  countUnreadNotifications,
  markNotificationRead,
  markAllNotificationsRead,
  insertNotification,
  publishNotification,
  notify,
} from './notifications/notifications';
export { getDashboard, DASHBOARD_MESSAGE_DAYS } from './dashboard/dashboard';
export { ensureReferenceRates, listReferenceRates, setReferenceRate } from './system/reference-rates';
export { openAppContext, type OpenAppContextOptions } from './system/open-app-context';
export { createEventBus, type EventBus, type RealtimeEvent } from './realtime/event-bus';
export { createSharedEventBus, EVENTS_CHANNEL } from './realtime/shared-event-bus';
export { subscribeToOrganisation } from './realtime/subscribe';
export { createUser, createUserSchema, findOrganisation, type CreateUserInput, type CreateUserResult } from './admin/create-user';
export { createDemoOrganisation, purgeDemo, DEMO_ADMIN_EMAIL, type DemoOrganisation, type PurgeDemoResult } from './demo/demo-organisation';
export { operatorContext, requireScopePermission, auditActor, type OrgScope } from './access/operator';
export { type Directory } from './directory/directory';
export { creditorDirectory, createCreditor, updateCreditor } from './creditors/creditors';
export { partyDirectory, createParty, updateParty } from './parties/parties';
export { lookupRegister } from './lookup/lookup';
export {
  createFileRegisterProvider,
  createHttpRegisterProvider,
  createDefaultRegisterProvider,
  searchRegister,
  LOOKUP_MAX_RESULTS,
  type CompanyRegisterProvider,
} from './lookup/company-register';
export { listCases } from './cases/list-cases';
export { createCase } from './cases/create-case';
export { loadCaseDetail } from './cases/case-detail';
export { changeCaseStatus, changeCaseStage } from './cases/case-transitions';
export { addCaseFee } from './cases/case-fees';
export { calculateCaseInterest } from './cases/case-interest';
export { listCaseEvents } from './cases/case-events';
export { resolveCaseFlag } from './cases/case-rules';
export { assignCaseHandler, listCaseHandlers } from './cases/case-handler';
export { runInterestAccrual, runPrescriptionCheck, type PrescriptionCheckSummary, type PrescriptionFlaggedCase, type RunProgress } from './cases/nightly-runs';
export { addPrescriptionInterruption } from './prescription/manual-interruption';
export { getCase } from './cases/get-case';
export { listPayments, getPayment, createPayment, paymentCandidates, allocatePaymentToCase, loadCaseMatchIndex } from './payments/payments';
export { getPaymentDetail } from './payments/payment-detail';
export { importBankFile, type BankFileUpload, type ImportProgress } from './payments/import-bank-file';
export { getHeldPaymentReview, resolveHeldPayment } from './payments/held-payments';
export { reversePayment } from './payments/payment-reversal';
export { enqueueBankImport, runBankImportJob, BANK_IMPORT_JOB_TYPE } from './payments/import-job';
export { validateOrganisation, type SystemValidationProgress } from './validation/system-validation';
export { enqueueSystemValidation, runSystemValidationJob, SYSTEM_VALIDATION_JOB_TYPE } from './validation/validation-job';
export { listRules, validateRule, createRule, updateRule } from './rules/rules';
export { listFeeCatalogue, createFee, updateFee } from './finance/fee-catalogue';
export { listInterestProfiles, createInterestProfile, updateInterestProfile, setDefaultInterestProfile } from './finance/interest-profiles';
export { enqueueJob, publishJob, claimNextJob, recoverLapsedJobs, toJobResponse, JOB_STUCK_AFTER_MS } from './jobs/job-queue';
/** A locked database (another process writes): the API answers 503 and retries asynchronously. */
export { isBusyError } from '@fordran/store';
export { createJobWorker, DEFAULT_JOB_WORKER_SETTINGS, type JobWorker, type JobWorkerOptions } from './jobs/worker';
export { createJobHandlers, type JobHandler, type JobHandlerContext, type JobHandlers } from './jobs/handlers';
export { getJobStats, listJobs, getJob, retryJob } from './jobs/jobs';
export { listLedgerJournals, listLedgerAccounts, getTrialBalance } from './ledger/ledger';
export { exportTrialBalanceCsv, exportLedgerSie, trialBalanceCsv, type ExportFile } from './ledger/ledger-export';
export { listBankAccounts, createBankAccount, updateBankAccount } from './bank/bank-accounts';
export { listBankStatements, getBankStatement, reconcileBankStatement, MAX_STORED_DIFFERENCES } from './bank/bank-statements';
export { statementResolutionOptions, createStatementResolution, undoStatementResolution } from './bank/statement-resolutions';
export {
  channelClientFor,
  type ChannelClient,
  type ChannelDirectory,
  type OutgoingMessage,
  type SendOutcome,
  type LetterDetails,
} from './communications/channels/channel';
export {
  createChannelDirectory,
  type ChannelDirectoryConfig,
  type DefaultChannelDirectory,
  type ProviderBaseUrls,
} from './communications/channels/channel-directory';
export { listChannelSettings, updateChannelSetting } from './communications/channels/settings/channel-settings';
export { listSimulatedChannelMessages, readSimulatedMessageFile } from './communications/channels/settings/simulated-message-files';
export { getPrintQueue, createPrintBatch, readPrintBatchPdf, readLetterPdf } from './communications/channels/letter/print-batches';
export { kivraFallback, NO_KIVRA_MAILBOX } from './communications/channels/kivra/kivra-client';
export {
  startProviderSimulator,
  type ProviderSimulator,
  type ProviderSimulatorOptions,
  type ReceivedMessage,
} from './communications/channels/simulator/provider-simulator';
// Communications: templates, the Swedish library and rendering a template for a case (issue 11).
export {
  renderCaseMessage,
  findTemplateForSending,
  demandPaymentDaysOf,
  DEMAND_PAYMENT_DAYS_SETTING,
  type RenderCaseMessageInput,
  type RenderedCaseMessage,
} from './communications/templates/render-case-message';
export { ensureTemplateLibrary, ensureTemplateLibraries } from './communications/templates/template-library';
// Communications: sending, delivery, history and opt-out (issue 11).
export { sendCommunication, previewCommunication, communicationSendOptions } from './communications/sending/send-communication';
export { cancelMessage, resendMessage, changeMessageChannel } from './communications/sending/communication-actions';
export { listCommunications, listCaseCommunications, getCommunication } from './communications/sending/communication-history';
export { runCommunicationDeliveryJob } from './communications/sending/delivery-job';
export { enqueueDelivery, COMMUNICATION_DELIVERY_JOB_TYPE } from './communications/sending/delivery-queue';
export { runDeliveriesUntilIdle } from './communications/sending/delivery-run';
export { type CommunicationsConfig } from './communications/sending/sending-config';
// Communications: dunning plans and runs (issue 11).
export { getDunningPlans, saveDunningPlan, removeCreditorDunningPlan } from './communications/dunning/dunning-plans';
export { runDunning, takeDunningStep, settleCaseDunningFees, type DunningRunOptions } from './communications/dunning/dunning-run';
export { listDunningRuns } from './communications/dunning/dunning-history';
export {
  scheduleDailyDunning,
  startDunningScheduler,
  parseDunningTime,
  runDunningJob,
  DUNNING_RUN_JOB_TYPE,
  DEFAULT_DUNNING_TIME,
} from './communications/dunning/dunning-schedule';
export { listOptOuts, revokeOptOut, describeUnsubscribeLink, confirmUnsubscribe } from './communications/opt-out/opt-outs';
export {
  listTemplates,
  getTemplate,
  createTemplate,
  updateTemplate,
  setTemplateActive,
  previewTemplate,
  previewTemplateDraft,
} from './communications/templates/templates';
// Communications: template QA, Mall-QA Sverige (issue 11).
export {
  runTemplateQa,
  cleanupTemplateQa,
  templateQaAction,
  listTemplateQaBatches,
  getTemplateQaBatch,
  getTemplateQaReportHtml,
} from './communications/template-qa/template-qa';
// KFM escalation (issue 12).
export * from './kfm';
// Debtor portal: BankID sign-in and the portal session (issue 13).
export { startBankIdSignIn, bankIdSignInStatus, cancelBankIdSignIn, bankIdQrCode, bankIdProviderInfo } from './portal/portal-sign-in';
export { authenticatePortalSession, signOutPortalSession, type PortalSession } from './portal/portal-session';
export { listPortalCases } from './portal/portal-cases';
export type { BankIdClient } from './portal/bankid/bankid-client';
export { approveSimulatedOrder, cancelSimulatedOrder, type SimulatedOrder } from './portal/bankid/simulated-orders';
export { bankIdQrData } from './portal/bankid/bankid-qr';
// Lawsuits (issue 12).
export * from './lawsuits';
